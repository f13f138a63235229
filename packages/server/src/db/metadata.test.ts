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
    headers?: Record<string, string>
    /** What the route needs besides the metadata. */
    body?: Record<string, unknown>
    /** Where the record is read back, and its metadata in that answer. */
    readUrl: string
    metadataIn: (answer: Record<string, { metadata?: unknown }>) => unknown
  }

  /** A record made by `make`, updated at `/admin/<path>/<id>`, and read back there as `key`. */
  const admin =
    (path: string, key: string, make: () => Promise<{ id: string }>, body?: Record<string, unknown>) =>
    async (): Promise<Target> => {
      const url = `/admin/${path}/${(await make()).id}`
      return { url, body, readUrl: url, metadataIn: (answer) => answer[key].metadata }
    }

  const routes: [string, () => Promise<Target>][] = [
    ['collection', admin('collections', 'collection', () => makeCollection(db()))],
    ['customer group', admin('customer-groups', 'customer_group', () => makeCustomerGroup(db()))],
    ['customer', admin('customers', 'customer', () => makeCustomer(db()))],
    ['region', admin('regions', 'region', () => makeRegion(db()))],
    [
      'shipping option',
      // v1 asks for the requirements on every update of an option.
      admin('shipping-options', 'shipping_option', async () => makeShippingOption(db(), (await makeRegion(db())).id), {
        requirements: [],
      }),
    ],
    ['shipping profile', admin('shipping-profiles', 'shipping_profile', () => makeShippingProfile(db()))],
    ['stock location', admin('stock-locations', 'stock_location', () => makeStockLocation(db()))],
    ['user', admin('users', 'user', () => makeUser(db()))],
    [
      'store',
      async () => ({ url: '/admin/store', readUrl: '/admin/store', metadataIn: (answer) => answer.store.metadata }),
    ],
    [
      "customer's own account",
      async () => {
        const shopper = await asCustomer(db())
        const url = '/store/customers/me'
        return { url, headers: shopper.headers, readUrl: url, metadataIn: (answer) => answer.customer.metadata }
      },
    ],
    [
      "customer's address",
      async () => {
        const shopper = await asCustomer(db())
        const { id } = await makeAddress(db(), shopper.customer.id)
        return {
          url: `/store/customers/me/addresses/${id}`,
          headers: shopper.headers,
          readUrl: '/store/customers/me',
          metadataIn: (answer) =>
            (
              answer.customer as unknown as { shipping_addresses: { id: string; metadata: unknown }[] }
            ).shipping_addresses.find((address) => address.id === id)?.metadata,
        }
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
    const read = await ctx.app.inject({ method: 'GET', url: target.readUrl, headers: as })
    expect(target.metadataIn(read.json())).toMatchObject(Object.fromEntries(keys.map((key) => [key, key])))
  })
})
