import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../config.js'
import { productCollection } from '../modules/catalog/schema.js'
import { ensureStore } from '../modules/store/service.js'
import { makeCollection } from '../testing/factories/catalog.js'
import { asCustomer, makeAddress, makeCustomer, makeCustomerGroup } from '../testing/factories/customers.js'
import { makeStockLocation } from '../testing/factories/inventory.js'
import { makeRegion } from '../testing/factories/regions.js'
import { makeShippingOption, makeShippingProfile } from '../testing/factories/shipping.js'
import { asAdmin, makeUser } from '../testing/factories/users.js'
import { useTestApp } from '../testing/test-app.js'
import { mergeMetadata, mergedMetadata } from './metadata.js'

const ctx = useTestApp({ featureFlags: { inventoryService: true } as FeatureFlags })
const db = () => ctx.app.db
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(db())
  headers = (await asAdmin(db())).headers
})

describe('mergedMetadata', () => {
  it('merges in the database as mergeMetadata does in memory', async () => {
    const cases: [Record<string, unknown> | null, Record<string, unknown>][] = [
      [null, { a: 1 }],
      [null, {}],
      [
        { a: 1, b: 'two' },
        { b: '', c: { nested: [1, 2] } },
      ],
      [{ a: 1 }, { a: null, missing: '' }],
      [{ a: 1 }, {}],
    ]
    for (const [stored, update] of cases) {
      const row = await makeCollection(db(), { metadata: stored })
      await db()
        .update(productCollection)
        .set({ metadata: mergedMetadata(productCollection.metadata, update) })
        .where(eq(productCollection.id, row.id))
      const [after] = await db().select().from(productCollection).where(eq(productCollection.id, row.id))
      expect(after.metadata, JSON.stringify([stored, update])).toEqual(mergeMetadata(stored, update))
    }
  })

  it('changes nothing without an update', () => {
    expect(mergedMetadata(productCollection.metadata, undefined)).toBeUndefined()
  })
})

/**
 * Ten requests at once, each setting its own key on one row, keep all ten keys: the merge is made
 * on the value stored when each update runs, not on the one read before (real parallel requests on
 * PostgreSQL; PGlite runs them one at a time).
 */
describe('parallel metadata updates', () => {
  interface Target {
    url: string
    read: string
    headers?: Record<string, string>
    /** What the route needs besides the metadata. */
    body?: Record<string, unknown>
  }
  const routes: [string, () => Promise<Target>][] = [
    [
      'collection',
      async () => {
        const { id } = await makeCollection(db())
        return { url: `/admin/collections/${id}`, read: 'collection' }
      },
    ],
    [
      'customer group',
      async () => {
        const { id } = await makeCustomerGroup(db())
        return { url: `/admin/customer-groups/${id}`, read: 'customer_group' }
      },
    ],
    [
      'customer',
      async () => {
        const { id } = await makeCustomer(db())
        return { url: `/admin/customers/${id}`, read: 'customer' }
      },
    ],
    [
      'region',
      async () => {
        const { id } = await makeRegion(db())
        return { url: `/admin/regions/${id}`, read: 'region' }
      },
    ],
    [
      'shipping option',
      async () => {
        const { id } = await makeShippingOption(db(), (await makeRegion(db())).id)
        // v1 asks for the requirements on every update of an option.
        return { url: `/admin/shipping-options/${id}`, read: 'shipping_option', body: { requirements: [] } }
      },
    ],
    [
      'shipping profile',
      async () => {
        const { id } = await makeShippingProfile(db())
        return { url: `/admin/shipping-profiles/${id}`, read: 'shipping_profile' }
      },
    ],
    [
      'stock location',
      async () => {
        const { id } = await makeStockLocation(db())
        return { url: `/admin/stock-locations/${id}`, read: 'stock_location' }
      },
    ],
    [
      'user',
      async () => {
        const { id } = await makeUser(db())
        return { url: `/admin/users/${id}`, read: 'user' }
      },
    ],
    ['store', async () => ({ url: '/admin/store', read: 'store' })],
    [
      "customer's own account",
      async () => {
        const shopper = await asCustomer(db())
        return { url: '/store/customers/me', headers: shopper.headers, read: 'customer' }
      },
    ],
    [
      "customer's address",
      async () => {
        const shopper = await asCustomer(db())
        const { id } = await makeAddress(db(), shopper.customer.id)
        return { url: `/store/customers/me/addresses/${id}`, headers: shopper.headers, read: 'customer' }
      },
    ],
  ]

  it.each(routes)('keep every key of a %s', async (_, make) => {
    const target = await make()
    const as = target.headers ?? headers
    const keys = Array.from({ length: 10 }, (_, i) => `key_${i}`)

    const answers = await Promise.all(
      keys.map((key) =>
        ctx.app.inject({
          method: 'POST',
          url: target.url,
          headers: as,
          payload: { ...target.body, metadata: { [key]: key } },
        }),
      ),
    )

    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200)
    const read = await ctx.app.inject({
      method: 'GET',
      url: target.url.replace(/\/addresses\/.*$/, ''),
      headers: as,
    })
    const entity = read.json()[target.read]
    const metadata = target.url.includes('/addresses/')
      ? entity.shipping_addresses.find((address: { id: string }) => target.url.endsWith(address.id)).metadata
      : entity.metadata
    expect(metadata).toMatchObject(Object.fromEntries(keys.map((key) => [key, key])))
  })
})
