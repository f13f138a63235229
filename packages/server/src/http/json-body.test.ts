import { describe, expect, it } from 'vitest'
import { freeCountry, makeCart } from '../testing/factories/carts.js'
import { makeRegion } from '../testing/factories/regions.js'
import { useTestApp } from '../testing/test-app.js'
import { MAX_JSON_DEPTH } from './json-body.js'

/** The JSON body parser's own refusals, each a 400 naming the field, never a 500. */
const ctx = useTestApp()

/** A cart whose metadata a test changes, in a region of its own. */
async function newCart() {
  const region = await makeRegion(ctx.app.db, { countries: [await freeCountry(ctx.app.db)] })
  return makeCart(ctx.app.db, { region_id: region.id })
}

const postJson = (url: string, payload: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })

/** `{"metadata":{"a":[[…]]}}` with `arrays` arrays: the body, metadata and the arrays are its levels. */
const withNestedMetadata = (arrays: number) => `{"metadata":{"a":${'['.repeat(arrays)}${']'.repeat(arrays)}}}`

describe('a JSON body', () => {
  it(`may nest objects and arrays ${MAX_JSON_DEPTH} levels deep, and no deeper`, async () => {
    const cart = await newCart()
    const deepest = await postJson(`/store/carts/${cart.id}`, withNestedMetadata(MAX_JSON_DEPTH - 2))
    expect(deepest.statusCode).toBe(200)
    let stored: unknown = deepest.json().cart.metadata.a
    for (let level = 0; level < MAX_JSON_DEPTH - 3; level++) stored = (stored as unknown[])[0]
    expect(stored).toEqual([])

    const deeper = await postJson(`/store/carts/${cart.id}`, withNestedMetadata(MAX_JSON_DEPTH - 1))
    expect(deeper.statusCode).toBe(400)
    expect(deeper.json()).toEqual({
      type: 'invalid_data',
      message: `metadata must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
    })
  })

  it('nested tens of thousands of levels deep is refused, and the cart is left as it was', async () => {
    const cart = await newCart()
    for (const payload of [
      withNestedMetadata(50_000),
      `{"metadata":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
    ]) {
      const res = await postJson(`/store/carts/${cart.id}`, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(
        `metadata must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
      )
    }
    const array = await postJson(`/store/carts/${cart.id}`, '['.repeat(1000) + ']'.repeat(1000))
    expect(array.statusCode).toBe(400)
    expect(array.json().message).toBe(`body must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`)

    const after = await ctx.app.inject({ method: 'GET', url: `/store/carts/${cart.id}` })
    expect(after.statusCode).toBe(200)
    expect(after.json().cart.metadata).toBeNull()
  })

  it('may hold many brackets inside strings and wide arrays: only nesting counts', async () => {
    const cart = await newCart()
    const metadata = { note: '[{'.repeat(500), list: Array.from({ length: 500 }, (_, n) => ({ n })) }
    const res = await postJson(`/store/carts/${cart.id}`, JSON.stringify({ metadata }))
    expect(res.statusCode).toBe(200)
    expect(res.json().cart.metadata).toEqual(metadata)
  })

  it('that is empty counts as no body, as v1 clients send one on some actions', async () => {
    const res = await postJson('/store/carts', '  ')
    expect(res.statusCode).toBe(200)
    expect(res.json().cart.id).toMatch(/^cart_/)
  })
})
