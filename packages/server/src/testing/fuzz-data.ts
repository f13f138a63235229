import type { Db } from '../db/types.js'
import { createInvite, listInvites } from '../modules/users/invites.js'
import { makeBatchJob } from './factories/batch-jobs.js'
import { makeCart, makeCheckoutReadyCart } from './factories/carts.js'
import { makeCategory, makeCollection, makeProduct, makeProductTag, makeProductType } from './factories/catalog.js'
import { asCustomer, CUSTOMER_PASSWORD, makeAddress, makeCustomer, makeCustomerGroup } from './factories/customers.js'
import { makeInventoryLevel, makeStockLocation, stockVariant } from './factories/inventory.js'
import { makeOrder } from './factories/orders.js'
import { makePaymentCollection } from './factories/payment-collections.js'
import { makePublishableKey, makeSalesChannel } from './factories/sales-channels.js'
import { makeShippingProfile } from './factories/shipping.js'
import { makeTaxRate } from './factories/tax.js'
import { asAdmin, makeUser, TEST_PASSWORD } from './factories/users.js'
import { testConfig } from './test-app.js'

/** Prefixed ids as the server makes them (`prod_01J…`): the prefix names the kind. */
const PREFIXED_ID = /^([a-z]+)_[0-9A-Za-z]{10,}$/

/** Most ids a kind keeps; the seeded ones come first and stay. */
const MAX_PER_KIND = 40

/**
 * Real values a request can name: ids by prefix (`prod`, `cart`…), and a few kinds of words that are
 * not ids (`currency`, `country`, `provider`, `email`, `password`, `discount`). Grows with the ids
 * found in answers, so routes reach what earlier requests created; never hands out a protected id
 * (the identities the fuzzer acts as), so no request deletes or rewrites them.
 */
export class ValuePool {
  private readonly values = new Map<string, string[]>()
  /** Ids found in one row, by kinds: `prod>variant` holds [product id, variant id] pairs. */
  private readonly pairs = new Map<string, [string, string][]>()
  private readonly protectedIds = new Set<string>()

  add(kind: string, value: string): void {
    if (this.protectedIds.has(value)) return
    const list = this.values.get(kind) ?? []
    if (list.length < MAX_PER_KIND && !list.includes(value)) list.push(value)
    this.values.set(kind, list)
  }

  addId(id: string): void {
    const kind = PREFIXED_ID.exec(id)?.[1]
    if (kind) this.add(kind, id)
  }

  protect(id: string): void {
    this.protectedIds.add(id)
    for (const list of this.values.values()) {
      const at = list.indexOf(id)
      if (at >= 0) list.splice(at, 1)
    }
  }

  /** The `pick`-th value of a kind (wrapping), or of any kind when it has none or none is asked. */
  pick(kind: string | undefined, pick: number): string {
    const own = kind ? this.values.get(kind) : undefined
    const list = own && own.length > 0 ? own : [...this.values.values()].flat()
    return list.length === 0 ? 'none' : list[pick % list.length]
  }

  /** The `pick`-th pair of ids of these kinds found in one row, if any. */
  pair(first: string | undefined, second: string | undefined, pick: number): [string, string] | undefined {
    const list = this.pairs.get(`${first}>${second}`)
    return list && list.length > 0 ? list[pick % list.length] : undefined
  }

  /** Every prefixed id in a JSON answer or a row, and the pairs of ids that share a row. */
  harvest(value: unknown): void {
    if (typeof value === 'string') {
      if (value.length < 64) this.addId(value)
      return
    }
    if (typeof value !== 'object' || value === null) return
    if (!Array.isArray(value)) this.addPairs(value as Record<string, unknown>)
    for (const child of Array.isArray(value) ? value : Object.values(value)) this.harvest(child)
  }

  private addPairs(row: Record<string, unknown>): void {
    const ids = Object.entries(row)
      .filter(([key, value]) => (key === 'id' || key.endsWith('_id')) && typeof value === 'string')
      .map(([, value]) => value as string)
      .filter((id) => PREFIXED_ID.test(id) && !this.protectedIds.has(id))
    for (const first of ids) {
      for (const second of ids) {
        if (first === second) continue
        const key = `${PREFIXED_ID.exec(first)?.[1]}>${PREFIXED_ID.exec(second)?.[1]}`
        const list = this.pairs.get(key) ?? []
        if (list.length < MAX_PER_KIND && !list.some(([a, b]) => a === first && b === second))
          list.push([first, second])
        this.pairs.set(key, list)
      }
    }
  }
}

export interface FuzzIdentities {
  admin: Record<string, string>
  customer: Record<string, string>
}

/** A fresh admin user and customer to act as; their ids stay out of the pool. */
export async function makeFuzzIdentities(db: Db, pool: ValuePool): Promise<FuzzIdentities> {
  const admin = await asAdmin(db)
  const shopper = await asCustomer(db)
  pool.protect(admin.user.id)
  pool.protect(shopper.customer.id)
  pool.addId((await makeAddress(db, shopper.customer.id)).id)
  pool.addId((await makeBatchJob(db, { created_by: admin.user.id })).id)
  return { admin: admin.headers, customer: shopper.headers }
}

/**
 * A small store to fuzz against: one of most things (a product with variants and stock, a
 * checkout-ready cart, an order, a region, channels and keys…), their ids in the pool.
 */
export async function seedFuzzData(db: Db, pool: ValuePool): Promise<void> {
  const remember = (...rows: { id: string }[]) => rows.forEach((row) => pool.harvest(row))

  const checkout = await makeCheckoutReadyCart(db)
  const { region, product: checkoutProduct, option } = checkout
  remember(checkout.cart, region, checkoutProduct, option, ...checkoutProduct.variants, ...checkout.details.items)
  remember(...checkout.details.payment_sessions, ...checkout.details.shipping_methods)

  const channel = await makeSalesChannel(db)
  const [collection, category, tag, type] = [
    await makeCollection(db),
    await makeCategory(db),
    await makeProductTag(db),
    await makeProductType(db),
  ]
  remember(channel, collection, category, tag, type)
  remember(await makeCategory(db, { parent_category_id: category.id }))
  const product = await makeProduct(db, {
    collection_id: collection.id,
    type_id: type.id,
    tags: [tag.value],
    options: ['Size'],
    variants: [
      { options: ['S'], prices: [{ amount: 1500, currency_code: region.currency_code, region_id: region.id }] },
      { options: ['M'], sku: 'FUZZ-M', prices: [{ amount: 1500, currency_code: 'eur' }] },
    ],
    sales_channel_ids: [channel.id],
    category_ids: [category.id],
  })
  remember(product, ...product.options, ...product.variants)
  remember(await makeProduct(db, { status: 'draft' }))

  remember(await makePublishableKey(db, { sales_channel_ids: [channel.id] }))
  remember(await makePublishableKey(db, { revoked_at: new Date() }))

  const location = await makeStockLocation(db, { sales_channel_ids: [channel.id] })
  const stock = await stockVariant(db, product.variants[0].id, location.id, 10)
  remember(location, stock.item, stock.level)
  remember(await makeInventoryLevel(db, stock.item.id, (await makeStockLocation(db)).id, { stocked_quantity: 3 }))

  const shopper = await makeCustomer(db)
  const group = await makeCustomerGroup(db, { customer_ids: [shopper.id] })
  remember(shopper, group, await makeAddress(db, shopper.id))
  const order = await makeOrder(db, { customer_id: shopper.id, region_id: region.id, email: shopper.email })
  remember(order)
  remember(
    await makeCart(db, {
      region_id: region.id,
      customer_id: shopper.id,
      items: [{ variant_id: product.variants[0].id }],
    }),
  )

  remember(await makeTaxRate(db, { region_id: region.id, products: [product.id], product_types: [type.id] }))
  remember(await makeShippingProfile(db))
  remember(await makePaymentCollection(db, region))
  await createInvite(db, { user: 'invitee@example.com', role: 'member' }, testConfig().jwtSecret)
  remember(...(await listInvites(db)))
  const staff = await makeUser(db, { role: 'member' })
  remember(staff, await makeBatchJob(db, { created_by: staff.id }))

  for (const currency of ['usd', 'eur', 'dkk']) pool.add('currency', currency)
  for (const country of region.countries) pool.add('country', country.iso_2)
  pool.add('country', 'dk')
  for (const provider of ['manual', 'test']) pool.add('provider', provider)
  for (const email of [shopper.email, staff.email, checkout.cart.email ?? 'cart@example.com']) pool.add('email', email)
  pool.add('discount', 'FUZZ10')
  for (const password of [TEST_PASSWORD, CUSTOMER_PASSWORD]) pool.add('password', password)
}
