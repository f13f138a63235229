import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry, makeCart } from '../testing/factories/carts.js'
import { makeProduct } from '../testing/factories/catalog.js'
import { makeRegion, type RegionFixture } from '../testing/factories/regions.js'
import { asAdmin } from '../testing/factories/users.js'
import { storeApi } from '../testing/api/index.js'
import { useTestApp } from '../testing/test-app.js'
import { nulCharacterPath } from './nul-characters.js'

/** PostgreSQL text cannot hold U+0000: requests carrying one are refused with a 400 naming the field. */
const ctx = useTestApp()
let region: RegionFixture

beforeAll(async () => {
  region = await makeRegion(ctx.app.db, { countries: [await freeCountry(ctx.app.db)] })
})

// Bodies are sent as written, so a raw `\u0000` reaches the parser.
const { post } = storeApi(ctx, { headers: { 'content-type': 'application/json' } })
const guest = storeApi(ctx)

describe('nulCharacterPath', () => {
  it('names the first string or key holding a NUL, by its dotted path', () => {
    expect(nulCharacterPath({ a: 'x', items: [{ id: 'y' }, { id: 'z\u0000' }] })).toBe('items.1.id')
    expect(nulCharacterPath({ meta: { 'k\u0000': 1 } })).toBe('meta.k\u0000')
    expect(nulCharacterPath('\u0000')).toBe('')
    expect(nulCharacterPath({ a: 'x', n: 1, b: null, c: [true] })).toBeUndefined()
  })
})

describe('a NUL character in a request', () => {
  it('is refused in the JSON body, naming the field, and the cart stays usable', async () => {
    const cart = await makeCart(ctx.app.db, { region_id: region.id })
    const product = await makeProduct(ctx.app.db, { variants: [{ prices: [{ amount: 1000, region_id: region.id }] }] })

    const created = await post('/store/carts', JSON.stringify({ region_id: `${region.id}\u0000` }))
    expect(created.statusCode).toBe(400)
    expect(created.json()).toEqual({
      type: 'invalid_data',
      message: 'region_id must not contain the NUL character (U+0000)',
    })

    const added = await post(
      `/store/carts/${cart.id}/line-items`,
      JSON.stringify({ variant_id: product.variants[0].id, quantity: 1, metadata: { note: 'a\u0000b' } }),
    )
    expect(added.statusCode).toBe(400)
    expect(added.error().message).toBe('metadata.note must not contain the NUL character (U+0000)')

    const email = await post(`/store/carts/${cart.id}`, JSON.stringify({ email: '\u0000@example.com' }))
    expect(email.statusCode).toBe(400)
    expect(email.error().message).toBe('email must not contain the NUL character (U+0000)')

    const after = await post(
      `/store/carts/${cart.id}/line-items`,
      JSON.stringify({ variant_id: product.variants[0].id, quantity: 1 }),
    )
    expect(after.statusCode).toBe(200)
    expect(after.json().cart.items).toHaveLength(1)
    expect(after.json().cart.email).toBe(cart.email)
  })

  it('accepts the six characters "\\u0000" as text: only a real NUL is refused', async () => {
    const cart = await makeCart(ctx.app.db, { region_id: region.id })
    const res = await post(`/store/carts/${cart.id}`, JSON.stringify({ metadata: { pattern: '\\u0000' } }))
    expect(res.statusCode).toBe(200)
    expect(res.json().cart.metadata).toEqual({ pattern: '\\u0000' })
  })

  it('is refused in a path parameter or a query field', async () => {
    const path = await guest.get('/store/carts/cart_%00')
    expect(path.statusCode).toBe(400)
    expect(path.json()).toEqual({ type: 'invalid_data', message: 'id must not contain the NUL character (U+0000)' })

    const query = await guest.get('/store/orders?display_id=1&email=a%00@example.com')
    expect(query.statusCode).toBe(400)
    expect(query.error().message).toBe('email must not contain the NUL character (U+0000)')

    const nested = await guest.get('/store/products?id[0]=prod_1&id[1]=prod_%00')
    expect(nested.statusCode).toBe(400)
    expect(nested.error().message).toBe('id.1 must not contain the NUL character (U+0000)')
  })

  it('is refused on the admin routes too, after their authentication', async () => {
    const { headers } = await asAdmin(ctx.app.db)

    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/admin/products/prod_%00' })
    expect(unauthenticated.statusCode).toBe(401)

    const product = await ctx.app.inject({ method: 'GET', url: '/admin/products/prod_%00', headers })
    expect(product.statusCode).toBe(400)
    expect(product.json().message).toBe('id must not contain the NUL character (U+0000)')

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/admin/products',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'Shirt\u0000' }),
    })
    expect(created.statusCode).toBe(400)
    expect(created.json().message).toBe('title must not contain the NUL character (U+0000)')
  })
})
