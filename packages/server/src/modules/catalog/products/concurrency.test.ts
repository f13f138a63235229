import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FeatureFlags } from '../../../config.js'
import { makeCategory, makeProduct } from '../../../testing/factories/catalog.js'
import { makeSalesChannel } from '../../../testing/factories/sales-channels.js'
import { adminApi } from '../../../testing/api/index.js'
import { useTestApp } from '../../../testing/test-app.js'
import { salesChannel } from '../../sales-channels/schema.js'
import { productCategory, productSalesChannel } from '../schema.js'

/**
 * Real parallel admin requests on one product or one category tree. On PostgreSQL they run on
 * separate connections and meet at the product's row lock or the tree's advisory lock; PGlite has
 * one connection and runs them one transaction at a time. Each change is checked against what is
 * stored (a free title, a free combination, no cycle), so without the lock two of them pass the
 * same check at once.
 */
const ctx = useTestApp({ featureFlags: { product_categories: true } as FeatureFlags })
const db = () => ctx.app.db
type CategoryRow = Awaited<ReturnType<typeof makeCategory>>

const { get, post } = adminApi(ctx)
const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort()

describe('parallel changes to one product', () => {
  it('adds one option of a title sent ten times at once', async () => {
    const product = await makeProduct(db(), { options: ['Size'] })

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`/admin/products/${product.id}/options`, { title: 'Colour' })),
    )

    expect(statuses(answers)).toEqual([200, ...Array(9).fill(422)])
    const options = (await get(`/admin/products/${product.id}`)).json().product.options
    expect(options.map((option: { title: string }) => option.title).sort()).toEqual(['Colour', 'Size'])
  })

  it('adds one variant of a combination of values sent ten times at once', async () => {
    const product = await makeProduct(db(), { options: ['Size'], variants: [] })
    const [size] = product.options

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(`/admin/products/${product.id}/variants`, {
          title: `Large ${i}`,
          sku: `LARGE-${product.id}-${i}`,
          prices: [{ currency_code: 'usd', amount: 1000 }],
          options: [{ option_id: size.id, value: 'L' }],
        }),
      ),
    )

    expect(statuses(answers)).toEqual([200, ...Array(9).fill(422)])
    const variants = (await get(`/admin/products/${product.id}`)).json().product.variants
    expect(variants).toHaveLength(1)
  })

  it('keeps every metadata key set by ten requests at once', async () => {
    const product = await makeProduct(db(), { metadata: { kept: true } })

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(`/admin/products/${product.id}/metadata`, { key: `key_${i}`, value: `value ${i}` }),
      ),
    )

    expect(statuses(answers)).toEqual(Array(10).fill(200))
    const stored = (await get(`/admin/products/${product.id}`)).json().product.metadata
    expect(stored).toEqual({
      kept: true,
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`key_${i}`, `value ${i}`])),
    })
  })
})

describe('parallel changes to the category tree', () => {
  it('never closes a cycle when categories are moved under each other at once', async () => {
    const ring: CategoryRow[] = []
    for (let i = 0; i < 5; i++) ring.push(await makeCategory(db()))

    // Each moves under the next: any four of them at once make a chain, all five a cycle.
    const answers = await Promise.all(
      ring.map((category, i) =>
        post(`/admin/product-categories/${category.id}`, { parent_category_id: ring[(i + 1) % ring.length].id }),
      ),
    )

    expect(statuses(answers)).toEqual([200, 200, 200, 200, 400])
    const parents = new Map<string, string | null>()
    for (const category of ring) {
      const [row] = await db().select().from(productCategory).where(eq(productCategory.id, category.id))
      parents.set(row.id, row.parent_category_id)
    }
    // From every category, the walk up the parents ends at a root.
    for (const category of ring) {
      const seen = new Set<string>()
      let at: string | null | undefined = category.id
      while (at && parents.has(at)) {
        expect(seen.has(at), `cycle through ${at}`).toBe(false)
        seen.add(at)
        at = parents.get(at)
      }
    }
  })

  it('gives categories created at once under one parent the ranks 0 to 9', async () => {
    const parent = await makeCategory(db())

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/admin/product-categories', { name: `Child ${i}`, parent_category_id: parent.id }),
      ),
    )

    expect(statuses(answers)).toEqual(Array(10).fill(200))
    const children = await db().select().from(productCategory).where(eq(productCategory.parent_category_id, parent.id))
    expect(children.map((child) => child.rank).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('moves categories among their siblings at once without a conflict, leaving ranks 0 to 4', async () => {
    const parent = await makeCategory(db())
    const children: CategoryRow[] = []
    for (let i = 0; i < 5; i++) children.push(await makeCategory(db(), { parent_category_id: parent.id, rank: i }))

    const answers = await Promise.all(
      children.map((child, i) => post(`/admin/product-categories/${child.id}`, { rank: (i * 3) % 5 })),
    )

    expect(statuses(answers)).toEqual(Array(5).fill(200))
    const rows = await db().select().from(productCategory).where(eq(productCategory.parent_category_id, parent.id))
    expect(rows.map((row) => row.rank).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4])
  })
})

describe('products linked to a sales channel being deleted', () => {
  it('are refused once the delete commits, having waited for it', async () => {
    const routes = [
      (channelId: string, productId: string) =>
        post(`/admin/sales-channels/${channelId}/products/batch`, { product_ids: [{ id: productId }] }),
      (channelId: string, productId: string) =>
        post(`/admin/products/${productId}`, { sales_channels: [{ id: channelId }] }),
    ]
    for (const link of routes) {
      const channel = await makeSalesChannel(db())
      const product = await makeProduct(db())
      let linking: ReturnType<typeof link> | undefined
      // The delete holds the channel's row until it commits; on PostgreSQL the link is asked
      // for meanwhile, on a connection of its own.
      await db().transaction(async (tx) => {
        await tx.select().from(salesChannel).where(eq(salesChannel.id, channel.id)).for('update')
        await tx.update(salesChannel).set({ deleted_at: new Date() }).where(eq(salesChannel.id, channel.id))
        linking = link(channel.id, product.id)
        await new Promise((resolve) => setTimeout(resolve, 200))
      })
      const answer = await linking!
      expect(answer.statusCode).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode).toBeLessThan(500)
      const links = await db()
        .select()
        .from(productSalesChannel)
        .where(eq(productSalesChannel.sales_channel_id, channel.id))
      expect(links).toEqual([])
    }
  })
})
