import { isDeepStrictEqual } from 'node:util'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { prepared, preparedInsert } from '../../db/fast-path/prepared.js'
import { mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotFound } from '../../core/errors.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import { atomicStage, detachedStage, type AnsweredLater, type Stages } from '../../core/idempotency.js'
import { mutateCart, type CartEnv } from './lock.js'
import {
  readWholeCart,
  retrievePricingRegionOfCart,
  wholeCartDetails,
  type WholeCart,
  type PricingRegion,
  type CartRow,
  type LineItemRow,
} from './loader.js'
import { syncPaymentSessions } from './payment-sessions.js'
import { lineItem } from './schema.js'
import { reconcileShippingMethods, unshipLines } from './shipping-methods.js'
import { readForLines, type LineReads } from './line-reads.js'
import {
  assertSellable,
  loadCartVariants,
  variantProductsInChannel,
  requireUnitPrice,
  requireVariants,
  stockCheck,
  unitPriceFor,
  type CartVariant,
} from './variants.js'
import { cartRelationsWithCustomer, cartView, defaultCartRelations, readCartCustomer, type CartView } from './view.js'

/** The cart's lines, read by cart alone (see `readForLines`). */
const cartLinesStatement = prepared('cart_lines', (db) =>
  db
    .select()
    .from(lineItem)
    .where(eq(lineItem.cart_id, sql.placeholder('cartId'))),
)

/** What `addLines` writes of a new line; the rest are the columns' defaults. */
const NEW_LINE_COLUMNS = [
  'id',
  'cart_id',
  'title',
  'description',
  'thumbnail',
  'is_giftcard',
  'allow_discounts',
  'should_merge',
  'has_shipping',
  'variant_id',
  'quantity',
  'unit_price',
  'includes_tax',
  'metadata',
] as const satisfies readonly (keyof typeof lineItem.$inferInsert)[]

type NewLine = Pick<typeof lineItem.$inferInsert, (typeof NEW_LINE_COLUMNS)[number]>

/** The usual add: one new line, in a statement built once. */
const insertLine = preparedInsert('cart_line_insert', lineItem, NEW_LINE_COLUMNS)

export interface LineInput {
  variant_id: string
  quantity: number
  metadata?: Record<string, unknown>
}

/** Metadata counts as the same when both are empty, whether null or `{}`. */
function sameMetadata(a: Record<string, unknown> | null | undefined, b: Record<string, unknown> | null | undefined) {
  const empty = (value: Record<string, unknown> | null | undefined) => !value || Object.keys(value).length === 0
  return (empty(a) && empty(b)) || isDeepStrictEqual(a, b)
}

/**
 * Plans putting lines on a cart inside the caller's transaction (the cart locked): every variant
 * checked (published, in the cart's channel, priced in its region, in stock), inputs of one variant
 * summed, and each merged into an existing line of that variant and metadata when that line allows
 * it (`should_merge`), as v1 does. What it checks was read beforehand (`readForLines`). Answers its
 * writes, not sent yet (see `concurrently`): one per merged line, one for the new lines and, on a
 * cart without shipping methods whose lines say otherwise, one marking them not shipped; and
 * whether the cart has shipping methods, which the new lines may change.
 */
export function planLines(
  tx: Db,
  env: CartEnv,
  row: CartRow,
  inputs: LineInput[],
  reads: LineReads,
): { writes: (() => PromiseLike<unknown>)[]; hasShippingMethods: boolean } {
  const { variants, inChannel, assertInStock, lines, shipped } = reads
  const region = reads.region
  if (!region) throw NotFound.entity('Region', row.region_id)
  const channelId = row.sales_channel_id && env.flags.sales_channels ? row.sales_channel_id : null
  requireVariants(
    variants,
    inputs.map((input) => input.variant_id),
  )
  const entries = inputs.map((input) => ({ input, entry: variants.get(input.variant_id)! }))
  const channel = channelId ? { id: channelId, inChannel } : null
  for (const { entry } of entries) assertSellable(entry, channel)
  const targeted = new Set<string>()
  const added = new Map<string, { entry: CartVariant; quantity: number; metadata?: Record<string, unknown> }>()
  for (const { input, entry } of entries) {
    const target = lines.find(
      (line) =>
        line.should_merge && line.variant_id === entry.variant.id && sameMetadata(line.metadata, input.metadata),
    )
    if (target) {
      target.quantity += input.quantity
      targeted.add(target.id)
      continue
    }
    const key = `${entry.variant.id}:${JSON.stringify(input.metadata ?? null)}`
    const pending = added.get(key)
    if (pending) pending.quantity += input.quantity
    else added.set(key, { entry, quantity: input.quantity, metadata: input.metadata })
  }
  // Stock is held per variant, whatever the number of lines it is spread over.
  const unitsOf = (variantId: string) =>
    lines.reduce((sum, line) => sum + (line.variant_id === variantId ? line.quantity : 0), 0) +
    [...added.values()].reduce((sum, next) => sum + (next.entry.variant.id === variantId ? next.quantity : 0), 0)

  const updates = lines
    .filter((candidate) => targeted.has(candidate.id))
    .map((line) => {
      const entry = variants.get(line.variant_id!)!
      assertInStock(entry.variant, unitsOf(entry.variant.id))
      const price = requireUnitPrice(entry, region, line.quantity, env.flags)
      return { ...price, id: line.id, quantity: line.quantity }
    })
  const toInsert: NewLine[] = []
  for (const { entry, quantity, metadata } of added.values()) {
    assertInStock(entry.variant, unitsOf(entry.variant.id))
    toInsert.push({
      id: generateId('item'),
      cart_id: row.id,
      title: entry.product.title,
      description: entry.variant.title,
      thumbnail: entry.product.thumbnail,
      is_giftcard: entry.product.is_giftcard,
      allow_discounts: entry.product.discountable,
      should_merge: true,
      has_shipping: shipped.has(entry.product.profile_id),
      variant_id: entry.variant.id,
      quantity,
      ...requireUnitPrice(entry, region, quantity, env.flags),
      metadata: metadata ?? null,
    })
  }
  // Every method has an option, so a cart without shipped profiles has no methods, and none of
  // its lines is shipped: any that says otherwise is corrected in the same batch.
  const hasShippingMethods = shipped.size > 0
  const writes = [
    ...updates.map(
      ({ id, ...changes }) =>
        () =>
          tx
            .update(lineItem)
            .set({ ...changes, updated_at: new Date() })
            .where(eq(lineItem.id, id)),
    ),
    ...(toInsert.length === 1 ? [() => insertLine(tx, toInsert[0])] : []),
    ...(toInsert.length > 1 ? [() => tx.insert(lineItem).values(toInsert)] : []),
    ...(!hasShippingMethods && reads.linesShipped ? [() => unshipLines(tx, row.id)] : []),
  ]
  return { writes, hasShippingMethods }
}

/** Puts lines on a cart as `planLines` plans it, its writes in one batch. */
export async function addLines(tx: Db, env: CartEnv, row: CartRow, inputs: LineInput[], reads: LineReads) {
  await concurrently(tx, planLines(tx, env, row, inputs, reads).writes)
}

/**
 * `POST /store/carts/:id/line-items` as idempotent stages (conventions §7): the line is added in
 * one transaction, under the cart's lock, whose last statements (the writes, with the read of the
 * cart they leave and of its customer) answer later (see `AnsweredLater`). A cart with payment
 * sessions then moves the key to `set-payment-sessions`, where the sessions are brought in line with
 * the new total outside any transaction, and the answer is made; any other cart is answered at once.
 */
export function addLineItemStages(env: CartEnv, cartId: string, input: LineInput): Stages {
  const relations = cartRelationsWithCustomer(env.flags)
  return {
    started: atomicStage((tx) =>
      mutateCart(
        tx,
        cartId,
        async (inner, row, reads): Promise<AnsweredLater> => {
          const plan = planLines(inner, env, row, [input], reads)
          // New lines may need a shipping method changed: the writes go first, and the checks follow.
          if (plan.hasShippingMethods) {
            await concurrently(inner, plan.writes)
            await reconcileShippingMethods(inner, env, cartId, true)
          }
          const ending = [
            ...(plan.hasShippingMethods ? [] : plan.writes),
            () => readWholeCart(inner, cartId),
            async () => (row.customer_id ? readCartCustomer(inner, cartId) : null),
          ]
          return {
            last: ending,
            answer: async (db, answers) => {
              const details = await wholeCartDetails(db, cartId, answers.at(-2) as WholeCart, env.flags)
              if (details.payment_sessions.length > 0) return { recovery_point: 'set-payment-sessions' }
              const customer = answers.at(-1) as Awaited<ReturnType<typeof readCartCustomer>>
              return {
                response_code: 200,
                response_body: { cart: await cartView(db, details, relations, undefined, { customer }) },
              }
            },
          }
        },
        (inner: Db) => readForLines(inner, env, cartId, [input.variant_id]),
      ),
    ),
    'set-payment-sessions': detachedStage(async (db) => {
      const details = await syncPaymentSessions(db, env, cartId)
      return { response_code: 200, response_body: { cart: await cartView(db, details, relations) } }
    }),
  }
}

async function findLine(tx: Db, cartId: string, lineId: string): Promise<LineItemRow> {
  const [line] = await tx
    .select()
    .from(lineItem)
    .where(and(eq(lineItem.id, lineId), eq(lineItem.cart_id, cartId)))
    .limit(1)
  if (!line) throw new InvalidData('Could not find the line item')
  return line
}

/** Units of the line's variant on the cart's other lines: stock is held per variant. */
async function otherUnits(tx: Db, line: LineItemRow): Promise<number> {
  const lines = await cartLinesStatement(tx, { cartId: line.cart_id })
  return lines.reduce(
    (sum, other) => sum + (other.id !== line.id && other.variant_id === line.variant_id ? other.quantity : 0),
    0,
  )
}

/**
 * `POST /store/carts/:id/line-items/:line_id`: a new quantity (0 removes the line) and metadata.
 * The line is priced again for its quantity (quantity tiers) and its stock checked.
 */
export async function updateLineItem(
  db: Db,
  env: CartEnv,
  cartId: string,
  lineId: string,
  input: { quantity: number; metadata?: Record<string, unknown> },
): Promise<CartView> {
  await mutateCart(db, cartId, async (tx, row) => {
    // Pricing needs the region's row alone, read beside the line.
    const [line, region] = await concurrently(tx, [
      () => findLine(tx, cartId, lineId),
      async () => (input.quantity === 0 ? undefined : retrievePricingRegionOfCart(tx, cartId)),
    ])
    if (input.quantity === 0) {
      await tx.delete(lineItem).where(eq(lineItem.id, line.id))
    } else {
      if (!region) throw NotFound.entity('Region', row.region_id)
      const entry = line.variant_id
        ? (await loadCartVariants(tx, [line.variant_id], row.customer_id)).get(line.variant_id)
        : undefined
      if (entry) {
        const assertInStock = await stockCheck(tx, env.flags, row.sales_channel_id, [entry.variant.id])
        assertInStock(entry.variant, input.quantity + (await otherUnits(tx, line)))
      }
      const price = entry ? unitPriceFor(entry, region, input.quantity, env.flags) : null
      await tx
        .update(lineItem)
        .set({
          quantity: input.quantity,
          ...(price ?? {}),
          metadata: mergedMetadata(lineItem.metadata, input.metadata),
          updated_at: new Date(),
        })
        .where(eq(lineItem.id, line.id))
    }
    await reconcileShippingMethods(tx, env, cartId)
  })
  return cartView(db, await syncPaymentSessions(db, env, cartId), defaultCartRelations(env.flags))
}

/** `DELETE /store/carts/:id/line-items/:line_id`; an unknown line leaves the cart as it is (v1). */
export async function deleteLineItem(db: Db, env: CartEnv, cartId: string, lineId: string): Promise<CartView> {
  await mutateCart(db, cartId, async (tx) => {
    await tx.delete(lineItem).where(and(eq(lineItem.id, lineId), eq(lineItem.cart_id, cartId)))
    await reconcileShippingMethods(tx, env, cartId)
  })
  return cartView(db, await syncPaymentSessions(db, env, cartId), defaultCartRelations(env.flags))
}

/**
 * Prices every line of the cart for its (new) region; lines whose variant has no price there are
 * removed, as v1 does on a region change. Lines without a variant keep their price.
 */
export async function repriceLines(
  tx: Db,
  env: CartEnv,
  cart: { id: string; customer_id: string | null },
  region: PricingRegion,
): Promise<void> {
  const lines = await tx.select().from(lineItem).where(eq(lineItem.cart_id, cart.id))
  const variants = await loadCartVariants(
    tx,
    lines.flatMap((line) => (line.variant_id ? [line.variant_id] : [])),
    cart.customer_id,
  )
  const unpriced: string[] = []
  for (const line of lines) {
    if (!line.variant_id) continue
    const entry = variants.get(line.variant_id)
    const price = entry ? unitPriceFor(entry, region, line.quantity, env.flags) : null
    if (!price) {
      unpriced.push(line.id)
      continue
    }
    await tx
      .update(lineItem)
      .set({ ...price, updated_at: new Date() })
      .where(eq(lineItem.id, line.id))
  }
  if (unpriced.length > 0) await tx.delete(lineItem).where(inArray(lineItem.id, unpriced))
}

/** Removes the lines whose product is not sold in the channel (v1, on a sales channel change). */
export async function dropLinesOutsideChannel(tx: Db, cartId: string, channelId: string): Promise<void> {
  const lines = await tx.select().from(lineItem).where(eq(lineItem.cart_id, cartId))
  const variantIds = lines.flatMap((line) => (line.variant_id ? [line.variant_id] : []))
  const [variants, inChannel] = await concurrently(tx, [
    () => loadCartVariants(tx, variantIds),
    () => variantProductsInChannel(tx, variantIds, channelId),
  ])
  const outside = lines.filter((line) => {
    const entry = line.variant_id ? variants.get(line.variant_id) : undefined
    return entry !== undefined && !inChannel.has(entry.product.id)
  })
  if (outside.length > 0) {
    await tx.delete(lineItem).where(
      inArray(
        lineItem.id,
        outside.map((line) => line.id),
      ),
    )
  }
}
