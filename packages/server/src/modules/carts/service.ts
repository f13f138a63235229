import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { inIdsOf } from '../../db/in-ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import { prepared, preparedInsertReturning, preparedInsertRows, unencoded } from '../../db/fast-path/prepared.js'
import { relaxCommit } from '../../db/fast-path/relaxed-commit.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotAllowed, NotFound, UnexpectedState } from '../../core/errors.js'
import { concurrently, lastBatch } from '../../db/fast-path/concurrent.js'
import { assertChannelsInScope } from '../catalog/products/products.js'
import { findOrCreateGuestCustomer } from '../customers/service.js'
import { address, customer } from '../customers/schema.js'
import type { AddressRow } from '../customers/addresses.js'
import { region } from '../regions/schema.js'
import { salesChannel } from '../sales-channels/schema.js'
import { retrieveSalesChannel, type SalesChannelRow } from '../sales-channels/service.js'
import { store } from '../store/schema.js'
import { atomicStage, type Stages } from '../../core/idempotency.js'
import {
  assertCountryInRegion,
  insertShippingCountryAddress,
  readForShippingAddress,
  setShippingCountry,
  planCartAddress,
} from './addresses.js'
import type { StorePostCartReq, StorePostCartsCartReq } from './contract.js'
import { addLines, dropLinesOutsideChannel, repriceLines } from './line-items.js'
import { readForLines } from './line-reads.js'
import { assertCartOpen, lockCart, mutateCart, type CartEnv } from './lock.js'
import { removeCartDiscount, setCartDiscounts } from './discounts.js'
import { setCartGiftCards } from './gift-cards.js'
import {
  computeCartTaxLines,
  loadCartDetails,
  readWholeCart,
  retrieveCartRegion,
  retrieveCartRow,
  retrieveRegionOfCart,
  totalsOf,
  wholeCartDetails,
  type CartDetails,
  type CartFlags,
  type CartRegion,
  type CartRow,
  type PaymentSessionRow,
  type TaxLine,
  type WholeCart,
} from './loader.js'
import { syncPaymentSessions } from './payment-sessions.js'
import { insertBareCart } from './bare-cart.js'
import { cart, lineItem, lineItemTaxLine, paymentSession, shippingMethod, shippingMethodTaxLine } from './schema.js'
import { reconcileShippingMethods } from './shipping-methods.js'
import type { Totals } from './totals.js'
import { cartView, defaultCartRelations, parseCartSelection, type CartView } from './view.js'

export { lockCart, withCartLock, type CartEnv } from './lock.js'
export type { CartDetails } from './loader.js'

/** Who is asking: the logged-in customer and the publishable key's channels, if any. */
export interface CartActor {
  customerId?: string
  publishableKey?: { id: string; salesChannelIds: string[] }
}

/** A cart with the default CART relations and every total. */
export async function retrieveCart(db: Db, flags: CartFlags, id: string): Promise<CartView> {
  return cartView(db, await loadCartDetails(db, id, flags), defaultCartRelations(flags))
}

/**
 * A draft order's cart has an id of its own prefix (the cart table's check holds it to its type),
 * so the storefront refuses one without reading it.
 */
export const DRAFT_CART_ID_PREFIX = 'dcart'

/** The storefront's routes answer a draft order's cart as unknown (it is the admin's). */
export function assertStorefrontCart(id: string): void {
  if (id.startsWith(`${DRAFT_CART_ID_PREFIX}_`)) throw NotFound.entity('Cart', id)
}

async function retrieveCustomerEmail(db: Db, id: string): Promise<{ id: string; email: string }> {
  const [row] = await db
    .select({ id: customer.id, email: customer.email })
    .from(customer)
    .where(and(eq(customer.id, id), isNull(customer.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('Customer', id)
  return row
}

/**
 * Whether a logged-in customer may take a cart over: it has no customer, a guest one (an e-mail
 * given at checkout), or is already theirs. Another registered customer's cart stays theirs.
 */
async function claimableBy(db: Db, cartId: string, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ customerId: cart.customer_id, hasAccount: customer.has_account })
    .from(cart)
    .leftJoin(customer, eq(customer.id, cart.customer_id))
    .where(eq(cart.id, cartId))
    .limit(1)
  return !row?.customerId || row.customerId === customerId || !row.hasAccount
}

/**
 * `GET /store/carts/:id`. A logged-in customer takes over a cart that has no email yet or belongs
 * to no one or a guest, as v1 does (but never another registered customer's); carts are otherwise
 * public to whoever has their id (v1).
 */
export async function retrieveStoreCart(
  db: Db,
  flags: CartFlags,
  id: string,
  query: { expand?: string; fields?: string },
  actor: CartActor,
): Promise<CartView> {
  const selection = parseCartSelection(query, flags)
  let details = await loadCartDetails(db, id, flags)
  const row = details.cart
  const customerId = actor.customerId
  if (
    customerId &&
    !row.completed_at &&
    (row.customer_id !== customerId || !row.email) &&
    (await claimableBy(db, id, customerId))
  ) {
    await mutateCart(db, id, async (tx, current) => {
      // Checked again under the lock: the cart may have changed hands meanwhile.
      if (!(await claimableBy(tx, current.id, customerId))) return
      const owner = await retrieveCustomerEmail(tx, customerId)
      await tx.update(cart).set({ customer_id: owner.id, email: owner.email }).where(eq(cart.id, current.id))
      await emit(tx, 'cart.customer_updated', { id })
    })
    details = await loadCartDetails(db, id, flags)
  }
  return cartView(db, details, selection.relations, selection.fields)
}

async function firstRegionId(db: Db): Promise<string> {
  const [first] = await db
    .select({ id: region.id })
    .from(region)
    .where(isNull(region.deleted_at))
    .orderBy(asc(region.created_at), asc(region.id))
    .limit(1)
  if (!first) throw new InvalidData('A region is required to create a cart')
  return first.id
}

/**
 * The cart's sales channel (conventions §6): the one asked for (inside the publishable key's
 * scope), else the key's only channel, else the store's default. A disabled channel sells nothing.
 */
async function resolveSalesChannel(
  db: Db,
  requested: string | undefined,
  actor: CartActor,
  flags: CartFlags,
): Promise<SalesChannelRow | null> {
  if (!flags.sales_channels) return null
  const { id } = channelAskedFor(requested, actor)
  const channel = id ? await retrieveSalesChannel(db, id) : await retrieveStoreDefaultChannel(db)
  if (channel?.is_disabled) {
    throw new InvalidData(`Unable to assign the cart to a disabled Sales Channel "${channel.name}"`)
  }
  return channel
}

/**
 * The channel a cart asks for: the one in the body (inside the publishable key's scope), else the
 * key's only channel; `{ id: undefined }` for the store's default.
 */
function channelAskedFor(requested: string | undefined, actor: CartActor): { id: string | undefined } {
  const keyChannels = actor.publishableKey?.salesChannelIds ?? []
  if (requested) {
    assertChannelsInScope([requested], keyChannels)
    return { id: requested }
  }
  if (keyChannels.length > 1) {
    throw new UnexpectedState(
      'The PublishableApiKey provided in the request header has multiple associated sales channels.',
    )
  }
  return { id: keyChannels[0] }
}

/**
 * `channelAskedFor` for `insertBareCart`; undefined where it refuses, for the general path to
 * refuse in its own order (an unknown region is named first).
 */
function bareCartChannel(requested: string | undefined, actor: CartActor): { id: string | undefined } | undefined {
  try {
    return channelAskedFor(requested, actor)
  } catch {
    return undefined
  }
}

/** The store's default sales channel, read with the store in one statement. */
async function retrieveStoreDefaultChannel(db: Db): Promise<SalesChannelRow | null> {
  const [row] = await defaultChannelStatement(db, {})
  return row?.channel ?? null
}

const defaultChannelStatement = prepared('store_default_channel', (db) =>
  db
    .select({ channel: salesChannel })
    .from(store)
    .innerJoin(salesChannel, and(eq(salesChannel.id, store.default_sales_channel_id), isNull(salesChannel.deleted_at)))
    .orderBy(asc(store.created_at), asc(store.id))
    .limit(1),
)

export interface CreateCartInput extends StorePostCartReq {
  /** The request's client, merged under the body's `context` (v1). */
  requestContext: { ip?: string; user_agent?: string }
}

/** A new cart's row, in a statement built once. */
const insertCart = preparedInsertReturning('cart_insert', cart, [
  'id',
  'region_id',
  'sales_channel_id',
  'customer_id',
  'email',
  'shipping_address_id',
  'context',
])

/**
 * `POST /store/carts`: a cart in the region asked for (else the first region), with a shipping
 * address in `country_code` (or in the region's only country), the logged-in customer and their
 * email, the resolved sales channel, and the given items.
 */
export async function createCart(db: Db, env: CartEnv, input: CreateCartInput, actor: CartActor): Promise<CartView> {
  const id = generateId('cart')
  const items = input.items ?? []
  const context = { ...input.requestContext, ...(input.context ?? {}) }
  const channel = bareCartChannel(input.sales_channel_id, actor)
  // The usual cart, empty, in one statement; the general path below names whatever it refused.
  if (items.length === 0 && channel) {
    const made = await insertBareCart(db, env.flags, {
      id,
      regionId: input.region_id,
      channelId: channel.id,
      customerId: actor.customerId,
      countryCode: input.country_code?.toLowerCase(),
      context,
    })
    if (made) {
      const parts = {
        billing_address: null,
        shipping_address: made.shipping_address,
        sales_channel: made.sales_channel,
      }
      const known = { row: made.row, region: made.region, parts, bare: true }
      return cartView(db, await loadCartDetails(db, id, env.flags, known), defaultCartRelations(env.flags))
    }
  }
  const made = await db.transaction(async (tx) => {
    // Nobody can see the cart before this commits, so it needs no lock; it is a cart edit.
    // What the cart is made of is read in one batch.
    const [, cartRegion, channel, owner] = await concurrently(tx, [
      () => relaxCommit(tx),
      async () => retrieveCartRegion(tx, input.region_id ?? (await firstRegionId(tx))),
      () => resolveSalesChannel(tx, input.sales_channel_id, actor, env.flags),
      async () => (actor.customerId ? retrieveCustomerEmail(tx, actor.customerId) : undefined),
    ])
    const country =
      input.country_code?.toLowerCase() ??
      (cartRegion.countries.length === 1 ? cartRegion.countries[0].iso_2 : undefined)
    assertCountryInRegion(cartRegion, country)
    const addressId = country ? generateId('addr') : null
    // The writes in one batch, the address first: the cart refers to it.
    const writes = [
      () =>
        country && addressId ? insertShippingCountryAddress(tx, addressId, country) : Promise.resolve<AddressRow[]>([]),
      () =>
        insertCart(tx, {
          id,
          region_id: cartRegion.id,
          sales_channel_id: channel?.id ?? null,
          customer_id: owner?.id ?? null,
          email: owner?.email ?? null,
          shipping_address_id: addressId,
          context,
        }),
      () => emit(tx, 'cart.created', { id }),
    ] as const
    const parts = { billing_address: null, sales_channel: channel }
    if (items.length === 0) {
      // Nothing follows the writes, so they go out with the COMMIT: one round trip for both.
      return { inserted: (await lastBatch(tx, writes)).answers, region: cartRegion, parts }
    }
    // The reads for the items go behind the inserts: they look the new cart up by its id.
    const variantIds = items.map((item) => item.variant_id)
    const [addressRows, cartRows, event, reads] = await concurrently(tx, [
      ...writes,
      () => readForLines(tx, env, id, variantIds, cartRegion),
    ])
    await addLines(tx, env, cartRows[0], items, reads)
    return { inserted: Promise.resolve([addressRows, cartRows, event] as const), region: cartRegion, parts }
  })
  const [addresses, [row]] = await made.inserted
  const known = {
    row,
    region: made.region,
    parts: { ...made.parts, shipping_address: addresses[0] ?? null },
    bare: items.length === 0,
  }
  return cartView(db, await loadCartDetails(db, id, env.flags, known), defaultCartRelations(env.flags))
}

/**
 * Who the cart belongs to after an update: the logged-in customer wins (unless the cart is another
 * registered customer's, which stays as it is), then a guest by email.
 */
async function resolveOwner(
  tx: Db,
  cartId: string,
  input: StorePostCartsCartReq,
  actor: CartActor,
): Promise<{ id: string; email: string } | undefined> {
  if (input.customer_id !== undefined && input.customer_id !== actor.customerId) {
    throw new NotAllowed('customer_id can only be set to the logged-in customer')
  }
  if (actor.customerId) {
    const [owner, claimable] = await Promise.all([
      retrieveCustomerEmail(tx, actor.customerId),
      claimableBy(tx, cartId, actor.customerId),
    ])
    return claimable ? owner : undefined
  }
  if (input.email !== undefined) return findOrCreateGuestCustomer(tx, input.email)
  return undefined
}

/**
 * A region change (v1 `onRegionChange`): the lines are priced in the new region's currency (lines
 * it has no price for are removed), shipping methods and payment sessions are dropped (their
 * options and providers belong to the old region), and the shipping address loses a country the
 * new region does not ship to, or gets the region's only country. Answers the sessions dropped, so
 * their provider sessions can be deleted once the change commits.
 */
async function changeRegion(
  tx: Db,
  env: CartEnv,
  row: CartRow,
  next: CartRegion,
): Promise<{ shippingAddressId: string | null; dropped: PaymentSessionRow[] }> {
  await tx.update(cart).set({ region_id: next.id }).where(eq(cart.id, row.id))
  await repriceLines(tx, env, row, next)
  await tx.delete(shippingMethod).where(eq(shippingMethod.cart_id, row.id))
  const dropped = await tx.delete(paymentSession).where(eq(paymentSession.cart_id, row.id)).returning()
  let shippingAddressId = row.shipping_address_id
  if (next.countries.length === 1) {
    shippingAddressId = (await setShippingCountry(tx, shippingAddressId, next.countries[0].iso_2)).id
  } else if (shippingAddressId) {
    const [current] = await tx
      .select({ country_code: address.country_code })
      .from(address)
      .where(eq(address.id, shippingAddressId))
    const code = current?.country_code
    if (code && !next.countries.some((country) => country.iso_2 === code)) {
      shippingAddressId = (await setShippingCountry(tx, shippingAddressId, null)).id
    }
  }
  return { shippingAddressId, dropped }
}

/**
 * `POST /store/carts/:id`: owner and email, sales channel (lines not sold there are removed),
 * region (see `changeRegion`), shipping country and addresses, context and metadata, in one
 * transaction under the cart's lock. Payment sessions follow the new total afterwards, outside it.
 */
export async function updateCart(
  db: Db,
  env: CartEnv,
  id: string,
  input: StorePostCartsCartReq,
  actor: CartActor,
): Promise<CartView> {
  const {
    dropped,
    region: knownRegion,
    written,
  } = await mutateCart(
    db,
    id,
    async (tx, row, { owner, region: regionBefore, shippingAddress }) => {
      if (!regionBefore) throw NotFound.entity('Region', row.region_id)
      const changes: Partial<typeof cart.$inferInsert> = {}
      if (owner) Object.assign(changes, { customer_id: owner.id, email: owner.email })
      if (input.sales_channel_id !== undefined && input.sales_channel_id !== row.sales_channel_id) {
        changes.sales_channel_id = (await resolveSalesChannel(tx, input.sales_channel_id, actor, env.flags))?.id ?? null
        if (changes.sales_channel_id) await dropLinesOutsideChannel(tx, id, changes.sales_channel_id)
      }
      let cartRegion = regionBefore
      let shippingAddressId = row.shipping_address_id
      let droppedSessions: PaymentSessionRow[] = []
      if (input.region_id !== undefined && input.region_id !== row.region_id) {
        cartRegion = await retrieveCartRegion(tx, input.region_id)
        const result = await changeRegion(tx, env, row, cartRegion)
        shippingAddressId = result.shippingAddressId
        droppedSessions = result.dropped
      }
      if (input.country_code !== undefined) {
        assertCountryInRegion(cartRegion, input.country_code)
        shippingAddressId = (await setShippingCountry(tx, shippingAddressId, input.country_code.toLowerCase())).id
      }
      const customerId = owner?.id ?? row.customer_id
      // Checked against the lines, region and customer the cart has after this change.
      if (input.discounts !== undefined) await setCartDiscounts(tx, id, cartRegion.id, customerId, input.discounts)
      if (input.gift_cards !== undefined) await setCartGiftCards(tx, id, cartRegion.id, input.gift_cards)
      // The addresses are written in the batch of the cart that refers to them, before it.
      const addressWrites: (() => PromiseLike<unknown>)[] = []
      if (input.shipping_address !== undefined) {
        // Read with the lock, the address is as the cart had it: a region or country change above
        // may have written over it since.
        const untouched = cartRegion.id === row.region_id && input.country_code === undefined
        const read = untouched ? shippingAddress : undefined
        const planned = await planCartAddress(tx, shippingAddressId, input.shipping_address, customerId, read)
        assertCountryInRegion(cartRegion, planned.country_code)
        shippingAddressId = planned.id
        addressWrites.push(planned.write)
      }
      if (input.billing_address !== undefined) {
        const planned = await planCartAddress(tx, row.billing_address_id, input.billing_address, customerId)
        changes.billing_address_id = planned.id
        addressWrites.push(planned.write)
      }
      changes.shipping_address_id = shippingAddressId
      if (input.context !== undefined) changes.context = { ...(row.context ?? {}), ...input.context }
      const writes = [
        ...addressWrites,
        () =>
          tx
            .update(cart)
            .set({ ...changes, metadata: mergedMetadata(cart.metadata, input.metadata) })
            .where(eq(cart.id, id)),
        async () => {
          if (owner && owner.id !== row.customer_id) await emit(tx, 'cart.customer_updated', { id })
        },
      ] as const
      if (cartRegion.id !== row.region_id || changes.sales_channel_id) {
        await concurrently(tx, [...writes, () => reconcileShippingMethods(tx, env, id)])
        return { dropped: droppedSessions, region: cartRegion }
      }
      // Nothing else follows the writes: the cart is read in their batch, which goes out with the
      // COMMIT, and made once that is back.
      const { answers } = await lastBatch(tx, [...writes, () => readWholeCart(tx, id, cartRegion)])
      return { dropped: droppedSessions, region: cartRegion, written: answers }
    },
    // What the change needs that the cart's id alone tells goes out with the lock.
    async (tx: Db) => {
      const [owner, region, shippingAddress] = await concurrently(tx, [
        () => resolveOwner(tx, id, input, actor),
        () => retrieveRegionOfCart(tx, id),
        async () =>
          typeof input.shipping_address === 'object' && input.shipping_address !== null
            ? readForShippingAddress(tx, id, input.shipping_address)
            : undefined,
      ])
      return { owner, region, shippingAddress }
    },
  )
  const whole = written ? ((await written).at(-1) as WholeCart | undefined) : undefined
  const read = written ? await wholeCartDetails(db, id, whole, env.flags, { region: knownRegion }) : undefined
  await deleteProviderSessions(env, dropped)
  const details = await syncPaymentSessions(db, env, id, { region: knownRegion, read })
  return cartView(db, details, defaultCartRelations(env.flags))
}

/** Provider sessions of dropped rows, deleted after the change commits; best effort. */
async function deleteProviderSessions(env: CartEnv, sessions: PaymentSessionRow[]): Promise<void> {
  await Promise.allSettled(
    sessions
      .filter((session) => session.is_initiated)
      .map(async (session) => env.paymentProviders.get(session.provider_id)?.deletePayment(session.data)),
  )
}

/**
 * `POST /store/carts/:id/taxes` as one idempotent stage: the cart with its taxes computed by the
 * region's tax provider even when the region does not compute them automatically (v1
 * `force_taxes`). Nothing is stored: as in v1 the lines are computed for the answer, and the cart
 * stores its tax lines when it completes.
 */
export function calculateTaxesStages(env: CartEnv, id: string): Stages {
  return {
    started: atomicStage(async (tx) => {
      const details = await loadCartDetails(tx, id, env.flags, { forceTaxes: true })
      return {
        response_code: 200,
        response_body: { cart: await cartView(tx, details, defaultCartRelations(env.flags)) },
      }
    }),
  }
}

/** `DELETE /store/carts/:id/discounts/:code`: the discount leaves the cart; payment sessions follow the total. */
export async function removeDiscount(db: Db, env: CartEnv, id: string, code: string): Promise<CartView> {
  await mutateCart(db, id, async (tx, row) => {
    assertCartOpen(row)
    await removeCartDiscount(tx, id, code)
  })
  const details = await syncPaymentSessions(db, env, id)
  return cartView(db, details, defaultCartRelations(env.flags))
}

// For cart completion (the orders module): everything is read and written inside the caller's
// transaction, which holds the cart's lock.

/**
 * The cart with everything an order is made of (lines with variants, products and tax lines,
 * shipping methods with options, payment sessions, addresses, region, totals), read under the
 * cart's lock, which this takes (again) in the caller's transaction. `flags` only change how the
 * shipping options are priced for display; the totals come from the stored lines and methods.
 */
export async function retrieveCartForCompletion(
  tx: Db,
  id: string,
  flags: CartFlags = { tax_inclusive_pricing: false, sales_channels: true },
): Promise<CartDetails> {
  // Sent together: the read runs once the lock is granted, without a round trip between.
  const [, details] = await concurrently(tx, [() => lockCart(tx, id), () => loadCartDetails(tx, id, flags)])
  return details
}

/** The totals of a loaded cart, computed with its current tax lines. */
export function cartTotals(
  details: Pick<CartDetails, 'region' | 'items' | 'shipping_methods'> &
    Partial<Pick<CartDetails, 'discounts' | 'gift_cards'>>,
): Totals {
  return totalsOf(details)
}

/**
 * The tax lines of the cart's lines and shipping methods, computed by the system tax provider (v1
 * `createTaxLines`, run when the cart completes), to store in place of any stored before: answers
 * the statements that do it (the old lines go, then the new ones are written, in that order), and
 * the cart as it stands once they have run, totalled with the stored lines. Lines the load
 * computed already are stored as they are; otherwise computing them reads the tax rates first.
 */
export async function cartTaxLineWrites(tx: Db, details: CartDetails) {
  const lines =
    details.taxes === 'computed'
      ? {
          items: new Map(details.items.map((item) => [item.id, item.tax_lines])),
          methods: new Map(details.shipping_methods.map((method) => [method.id, method.tax_lines])),
        }
      : await computeCartTaxLines(tx, details)
  const items = linesToStore(lines.items, 'litl')
  const methods = linesToStore(lines.methods, 'smtl')
  const byName = (a: TaxLine, b: TaxLine) => a.name.localeCompare(b.name) || (a.id ?? '').localeCompare(b.id ?? '')
  const stored = {
    ...details,
    items: details.items.map((item) => ({ ...item, tax_lines: [...(items.get(item.id) ?? [])].sort(byName) })),
    shipping_methods: details.shipping_methods.map((method) => ({
      ...method,
      tax_lines: [...(methods.get(method.id) ?? [])].sort(byName),
    })),
    taxes: 'stored' as const,
  }
  const writes = [
    ...taxLineDeletes(tx, details.cart.id),
    () => insertItemTaxLines(tx, [...items.values()].flat()),
    () => insertMethodTaxLines(tx, [...methods.values()].flat()),
  ] as const
  return { writes, stored: { ...stored, totals: totalsOf(stored) } }
}

/**
 * The lines to store for each line or shipping method, with their ids: one per tax code, the
 * first, as the table's (owner, code) key keeps.
 */
function linesToStore<L extends TaxLine>(byOwner: Map<string, L[]>, idPrefix: 'litl' | 'smtl') {
  const toStore = new Map<string, (L & { id: string })[]>()
  for (const [owner, lines] of byOwner) {
    const codes = new Set<string>()
    const kept = lines.filter((line) => line.code === null || (!codes.has(line.code) && !!codes.add(line.code)))
    toStore.set(
      owner,
      kept.map((line) => ({ ...line, id: generateId(idPrefix) })),
    )
  }
  return toStore
}

/** Removes the stored tax lines of the cart's lines and shipping methods (completion aborted). */
export async function clearCartTaxLines(tx: Db, cartId: string): Promise<void> {
  await concurrently(tx, taxLineDeletes(tx, cartId))
}

/** The deletes of the cart's stored tax lines, as statements for `concurrently`. */
function taxLineDeletes(tx: Db, cartId: string) {
  return [() => deleteItemTaxLines(tx, { cartId }), () => deleteMethodTaxLines(tx, { cartId })] as const
}

// Completion stores the tax lines twice (as it starts, and with the order): built once.
const deleteItemTaxLines = prepared('cart_item_tax_lines_delete', (db) =>
  db
    .delete(lineItemTaxLine)
    .where(
      inIdsOf(
        lineItemTaxLine.item_id,
        sql`SELECT ${lineItem.id} FROM ${lineItem} WHERE ${lineItem.cart_id} = ${sql.placeholder('cartId')}`,
      ),
    ),
)
const deleteMethodTaxLines = prepared('cart_method_tax_lines_delete', (db) =>
  db
    .delete(shippingMethodTaxLine)
    .where(
      inIdsOf(
        shippingMethodTaxLine.shipping_method_id,
        sql`SELECT ${shippingMethod.id} FROM ${shippingMethod} WHERE ${shippingMethod.cart_id} = ${sql.placeholder('cartId')}`,
      ),
    ),
)
const TAX_LINE_COLUMNS = ['id', 'rate', 'name', 'code', 'metadata'] as const
const insertItemTaxLines = preparedInsertRows(
  'cart_item_tax_lines_insert',
  lineItemTaxLine,
  [...TAX_LINE_COLUMNS, 'item_id'],
  {
    onConflictDoNothing: true,
  },
)
const insertMethodTaxLines = preparedInsertRows(
  'cart_method_tax_lines_insert',
  shippingMethodTaxLine,
  [...TAX_LINE_COLUMNS, 'shipping_method_id'],
  { onConflictDoNothing: true },
)

/** Hands the cart's line items and shipping methods to the order placed from it. */
export function attachCartToOrder(tx: Db, cartId: string, orderId: string) {
  // Statements for `concurrently`, sent after the order's insert (they refer to it).
  return [
    () => attachLinesStatement(tx, { cartId, orderId, now: new Date() }),
    () => attachMethodsStatement(tx, { cartId, orderId }),
  ] as const
}

/**
 * Sets `completed_at`, with the payment the order took and, when the payment was authorized in the
 * same transaction, when that was: the row is written once. A cart completes once (409-worthy
 * races are the caller's to report).
 */
export async function markCartCompleted(
  tx: Db,
  id: string,
  payment: { payment_id?: string; payment_authorized_at?: Date } = {},
): Promise<CartRow> {
  const [row] = await markCompletedStatement(tx, {
    id,
    now: new Date(),
    paymentId: payment.payment_id ?? null,
    authorizedAt: payment.payment_authorized_at ?? null,
  })
  if (!row) {
    assertCartOpen(await retrieveCartRow(tx, id))
    throw NotFound.entity('Cart', id)
  }
  return row
}

/**
 * Records when the cart's payment was authorized (null resets it, v1). The statement is sent at
 * once, so that `concurrently` keeps it in its place.
 */
export function setCartPayment(tx: Db, id: string, changes: { payment_authorized_at: Date | null }) {
  return cartAuthorizedStatement(tx, { id, authorizedAt: changes.payment_authorized_at, now: new Date() })
}

/** Writes a payment session's provider answer (authorization at completion, or its release). */
export async function updatePaymentSessionState(
  tx: Db,
  sessionId: string,
  changes: Pick<PaymentSessionRow, 'status' | 'data' | 'payment_authorized_at'>,
): Promise<PaymentSessionRow> {
  const [row] = await sessionStateStatement(tx, {
    id: sessionId,
    status: changes.status,
    data: paymentSession.data.mapToDriverValue(changes.data),
    authorizedAt: changes.payment_authorized_at,
    now: new Date(),
  })
  if (!row) throw NotFound.entity('PaymentSession', sessionId)
  return row
}

// Every completion sends these: built once (see `prepared`).
const attachLinesStatement = prepared('cart_lines_to_order', (db) =>
  db
    .update(lineItem)
    .set({ order_id: unencoded('orderId'), updated_at: unencoded('now') })
    .where(eq(lineItem.cart_id, sql.placeholder('cartId'))),
)
const attachMethodsStatement = prepared('cart_methods_to_order', (db) =>
  db
    .update(shippingMethod)
    .set({ order_id: unencoded('orderId') })
    .where(eq(shippingMethod.cart_id, sql.placeholder('cartId'))),
)
const markCompletedStatement = prepared('cart_mark_completed', (db) =>
  db
    .update(cart)
    .set({
      completed_at: unencoded('now'),
      updated_at: unencoded('now'),
      payment_id: sql`coalesce(${sql.placeholder('paymentId')}, ${cart.payment_id})`,
      payment_authorized_at: sql`coalesce(${sql.placeholder('authorizedAt')}, ${cart.payment_authorized_at})`,
    })
    .where(and(eq(cart.id, sql.placeholder('id')), isNull(cart.completed_at), isNull(cart.deleted_at)))
    .returning(),
)
const cartAuthorizedStatement = prepared('cart_payment_authorized', (db) =>
  db
    .update(cart)
    .set({ payment_authorized_at: unencoded('authorizedAt'), updated_at: unencoded('now') })
    .where(eq(cart.id, sql.placeholder('id'))),
)
const sessionStateStatement = prepared('payment_session_state', (db) =>
  db
    .update(paymentSession)
    .set({
      status: unencoded('status'),
      data: unencoded('data'),
      payment_authorized_at: unencoded('authorizedAt'),
      updated_at: unencoded('now'),
    })
    .where(eq(paymentSession.id, sql.placeholder('id')))
    .returning(),
)
