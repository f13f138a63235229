import fc from 'fast-check'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { registerErrorHandler } from '../http/error-handler.js'
import { ValuePool } from './fuzz-data.js'
import { answerProblem, draftArb, kindOfName, materialize, operationsOf, type OpenApiDocument } from './openapi-fuzz.js'

const json = (statusCode: number, body: unknown) => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
})
const text = (statusCode: number, body: string) => ({
  statusCode,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body,
})

describe('answerProblem', () => {
  it('takes the envelopes and bare statuses of conventions.md §2', () => {
    expect(answerProblem(json(200, { product: {} }))).toBeUndefined()
    expect(answerProblem(json(400, { type: 'invalid_data', message: 'limit must be >= 0' }))).toBeUndefined()
    expect(answerProblem(json(409, { type: 'conflict', message: 'x', code: 'invalid_state_error' }))).toBeUndefined()
    expect(answerProblem(json(400, { errors: ['Products p do not exist'], message: 'Provided…' }))).toBeUndefined()
    expect(answerProblem(text(401, 'Unauthorized'))).toBeUndefined()
    expect(answerProblem(text(404, 'Not Found'))).toBeUndefined()
  })

  it('flags a 5xx, an answer outside the envelope and a bare status conventions.md does not list', () => {
    expect(answerProblem(json(500, { type: 'unknown_error', message: 'An unknown error occurred.' }))).toBe('a 500')
    expect(answerProblem(json(414, { error: 'Bad Request', statusCode: 414, message: 'x' }))).toMatch(/envelope/)
    expect(answerProblem(json(400, { type: 'unknown_error', message: 'x' }))).toMatch(/envelope/)
    expect(answerProblem(json(400, { type: 'invalid_data', message: 'x', stack: 'at …' }))).toMatch(/envelope/)
    expect(answerProblem(text(400, 'Bad Request'))).toMatch(/bare 400/)
    expect(answerProblem({ statusCode: 404, headers: { 'content-type': 'text/html' }, body: '<p>' })).toMatch(
      /text\/html/,
    )
  })
})

describe('kindOfName', () => {
  it('reads the kind of id a field or path segment names', () => {
    expect(kindOfName('region_id')).toBe('reg')
    expect(kindOfName('product_ids')).toBe('prod')
    expect(kindOfName('sales_channels')).toBe('sc')
    expect(kindOfName('product-categories')).toBe('pcat')
    expect(kindOfName('stock-locations')).toBe('sloc')
    expect(kindOfName('currency_code')).toBe('currency')
    expect(kindOfName('title')).toBeUndefined()
  })
})

describe('the fuzzer', () => {
  it('finds a 500 that a value at the edge of the schema sets off', async () => {
    // Arrange: a route that fails on the largest count its schema allows.
    const app = Fastify({ logger: false })
    registerErrorHandler(app)
    const body = {
      type: 'object',
      required: ['count'],
      additionalProperties: false,
      properties: { count: { type: 'integer', minimum: 0, maximum: 1000 }, note: { type: 'string' } },
    }
    app.post('/store/things/:id', { schema: { body } }, async (request) => {
      const { count } = request.body as { count: number }
      if (count === 1000) throw new TypeError('Cannot read properties of undefined')
      return { thing: { id: (request.params as { id: string }).id, count } }
    })
    await app.ready()
    const document = {
      paths: {
        '/store/things/{id}': {
          post: {
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
            requestBody: { required: true, content: { 'application/json': { schema: body } } },
          },
        },
      },
    } as OpenApiDocument
    const [operation] = operationsOf(document)
    const pool = new ValuePool()
    pool.addId('thing_01J0000000000000000000000')

    // Act
    const details = await fc.check(
      fc.asyncProperty(draftArb(operation, 0, true), async (draft) => {
        const answer = await app.inject(materialize(operation, draft, pool, { admin: {}, customer: {} }))
        const problem = answerProblem(answer)
        if (problem) throw new Error(problem)
      }),
      { seed: 31, numRuns: 200 },
    )
    await app.close()

    // Assert
    expect(details.failed).toBe(true)
    expect(String(details.errorInstance)).toContain('a 500')
    expect(JSON.stringify(details.counterexample)).toContain('"count":1000')
  })
})
