import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { DateTime, Metadata, Nullable } from '../core/schemas.js'
import { serializerCompiler, withPlainUnions } from './serializer.js'

const serializerFor = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as (data: unknown) => string

describe('withPlainUnions', () => {
  it('writes "X or null" as a nullable X, nested in properties and items alike', () => {
    const schema = Type.Object({
      name: Nullable(Type.String()),
      tags: Type.Array(Type.Object({ code: Nullable(Type.Integer()) })),
      address: Nullable(Type.Object({ city: Type.String() })),
    })
    expect(withPlainUnions(schema)).toMatchObject({
      properties: {
        name: { type: 'string', nullable: true },
        tags: { items: { properties: { code: { type: 'integer', nullable: true } } } },
        address: { type: 'object', nullable: true, properties: { city: { type: 'string' } } },
      },
    })
    expect(JSON.stringify(withPlainUnions(schema))).not.toContain('anyOf')
  })

  it('writes literals of one type as that type, nullable when null is one of them', () => {
    const status = Type.Union([Type.Literal('pending'), Type.Literal('authorized')])
    expect(withPlainUnions(status)).toEqual({ type: 'string' })
    expect(withPlainUnions(Nullable(status))).toEqual({ type: 'string', nullable: true })
    expect(withPlainUnions(Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Null()]))).toEqual({
      type: 'string',
      nullable: true,
    })
  })

  it('leaves the unions it cannot write plainly as they are', () => {
    const mixed = Type.Union([Type.String(), Type.Number()])
    expect(withPlainUnions(mixed)).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'number' }] })
    const literals = Type.Union([Type.Literal('a'), Type.Literal(1)])
    expect(withPlainUnions(literals)).toMatchObject({ anyOf: [{ const: 'a' }, { const: 1 }] })
    expect(withPlainUnions(Nullable(Type.Unknown()))).toEqual({})
  })

  it('does not change the schema it is given (the request side keeps validating against it)', () => {
    const schema = Type.Object({ name: Nullable(Type.String()) })
    const before = JSON.stringify(schema)
    withPlainUnions(schema)
    expect(JSON.stringify(schema)).toBe(before)
  })
})

describe('serializerCompiler', () => {
  const serialize = serializerFor(
    Type.Object({
      id: Type.String(),
      deleted_at: Nullable(DateTime),
      metadata: Metadata,
      variant: Nullable(Type.Object({ id: Type.String(), sku: Nullable(Type.String()) })),
      status: Type.Union([Type.Literal('pending'), Type.Literal('authorized')]),
    }),
  )

  it('writes nulls, dates, nested objects and enum values as the contracts describe', () => {
    const at = new Date('2026-01-02T03:04:05.678Z')
    expect(
      JSON.parse(
        serialize({ id: 'a', deleted_at: null, metadata: null, variant: null, status: 'pending', secret: 'x' }),
      ),
    ).toEqual({ id: 'a', deleted_at: null, metadata: null, variant: null, status: 'pending' })
    expect(
      JSON.parse(
        serialize({
          id: 'b',
          deleted_at: at,
          metadata: { note: [1, { deep: true }] },
          variant: { id: 'v', sku: null, hidden: 1 },
          status: 'authorized',
        }),
      ),
    ).toEqual({
      id: 'b',
      deleted_at: at.toISOString(),
      metadata: { note: [1, { deep: true }] },
      variant: { id: 'v', sku: null },
      status: 'authorized',
    })
  })
})
