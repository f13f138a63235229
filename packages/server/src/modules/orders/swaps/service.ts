import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { detachedStage, STARTED, type Stages } from '../../../core/idempotency.js'
import { listTotal, type Page } from '../../../core/list.js'
import { InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { cart, lineItem, lineItemTaxLine, shippingMethod } from '../../carts/schema.js'
import { withOrderOperation, type OrderEnv } from '../admin/operations.js'
import { requireOrder } from '../admin/service.js'
import { dryRun, plannedAdditionalItems, plannedShippingMethods } from '../claims/service.js'
import { SWAP_EVENTS } from '../events.js'
import { capturePayments, recordCaptures, refundedBefore, refundHeldOrder } from '../payments/service.js'
import { createReturn, type CreateReturnInput } from '../returns/service.js'
import { giveBackLines, holdLines } from '../line-stock.js'
import { fulfillment, orderReturn, payment, swap } from '../schema.js'
import type { AdminPostOrdersOrderSwapsReq } from './contract.js'

export type SwapRow = typeof swap.$inferSelect

/** The swap, or a 404; with `orderId`, only that order's. */
export async function requireSwap(db: Db, id: string, orderId?: string, lock = false): Promise<SwapRow> {
  const query = db
    .select()
    .from(swap)
    .where(and(eq(swap.id, id), isNull(swap.deleted_at)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row || (orderId && row.order_id !== orderId)) {
    throw new NotFound(
      orderId ? `Swap with id ${id} was not found on order ${orderId}` : `Swap with id ${id} was not found`,
    )
  }
  return row
}

/** The swap whose cart this is, if any. */
export async function swapOfCart(db: Db, cartId: string): Promise<SwapRow | undefined> {
  const [row] = await db
    .select()
    .from(swap)
    .where(and(eq(swap.cart_id, cartId), isNull(swap.deleted_at)))
    .limit(1)
  return row
}

/** The order's lines sent back, each as a cart line at minus its price with its tax lines (v1 `createReturnLines`). */
async function returnLines(tx: Db, cartId: string, items: readonly { item_id: string; quantity: number }[]) {
  const ids = [...new Set(items.map((item) => item.item_id))]
  const [lines, taxes] = await Promise.all([
    tx.select().from(lineItem).where(inArray(lineItem.id, ids)),
    tx.select().from(lineItemTaxLine).where(inArray(lineItemTaxLine.item_id, ids)),
  ])
  const rows = items.map((item) => {
    const line = lines.find((candidate) => candidate.id === item.item_id)!
    return {
      row: {
        id: generateId('item'),
        cart_id: cartId,
        title: line.title,
        description: line.description,
        thumbnail: line.thumbnail,
        variant_id: line.variant_id,
        unit_price: -line.unit_price,
        quantity: item.quantity,
        is_return: true,
        should_merge: false,
        allow_discounts: line.allow_discounts,
        has_shipping: true,
        includes_tax: line.includes_tax,
        metadata: { original_item_id: line.id },
      },
      taxes: taxes.filter((tax) => tax.item_id === line.id),
    }
  })
  return {
    lines: rows.map((entry) => entry.row),
    taxLines: rows.flatMap((entry) =>
      entry.taxes.map((tax) => ({
        id: generateId('litl'),
        item_id: entry.row.id,
        rate: tax.rate,
        name: tax.name,
        code: tax.code,
      })),
    ),
  }
}

export interface SwapOrigin {
  /** Store swaps never notify (v1). */
  no_notification?: boolean
  idempotency_key?: string
}

/**
 * `POST /admin/orders/:id/swaps` and `POST /store/swaps`: under the order's operation claim, in one
 * transaction, the swap, its return (`returns/service.ts` `createReturn`, with `swap_id`), and its
 * cart of type `swap`: the additional items at the region's price, the returned lines at minus
 * their price, return shipping as a line, and the custom shipping options as methods at their
 * price. The cart's total is the difference the shopper pays (or gets back) at checkout.
 */
export async function createSwap(
  db: Db,
  env: OrderEnv,
  orderId: string,
  input: AdminPostOrdersOrderSwapsReq,
  origin: SwapOrigin = {},
): Promise<SwapRow> {
  return withOrderOperation(db, orderId, 'swap', async () => {
    // Checked under the order's claim: a request that took over a key whose holder looked stalled
    // finds the swap the holder made instead of making another.
    const made = origin.idempotency_key ? await swapOfKey(db, origin.idempotency_key) : undefined
    if (made) return made
    const row = await requireOrder(db, orderId)
    if (row.status === 'canceled') throw new NotAllowed('Cannot create a swap on a canceled order')
    if (row.payment_status !== 'captured') throw new NotAllowed('Cannot swap an order that has not been captured')
    if (row.fulfillment_status === 'not_fulfilled') {
      throw new NotAllowed('Cannot swap an order that has not been fulfilled')
    }
    const additional = await plannedAdditionalItems(db, env, row, input)
    const methods = await plannedShippingMethods(db, row, input.custom_shipping_options ?? [])
    const id = generateId('swap')
    const noNotification = input.no_notification ?? origin.no_notification ?? null
    const returnOf: CreateReturnInput = {
      items: input.return_items,
      return_shipping: input.return_shipping,
      location_id: input.return_location_id,
      swap_id: id,
      no_notification: noNotification,
    }
    await dryRun(db, (tx) => createReturn(tx, orderId, returnOf))
    return db.transaction(async (tx) => {
      const cartId = generateId('cart')
      await tx.insert(cart).values({
        id: cartId,
        type: 'swap',
        email: row.email,
        billing_address_id: row.billing_address_id,
        shipping_address_id: row.shipping_address_id,
        region_id: row.region_id,
        customer_id: row.customer_id,
        sales_channel_id: input.sales_channel_id ?? row.sales_channel_id,
        metadata: { swap_id: id, parent_order_id: orderId },
      })
      const [created] = await tx
        .insert(swap)
        .values({
          id,
          order_id: orderId,
          cart_id: cartId,
          shipping_address_id: row.shipping_address_id,
          no_notification: noNotification,
          allow_backorder: input.allow_backorder ?? true,
          idempotency_key: origin.idempotency_key ?? null,
        })
        .returning()
      const ret = await createReturn(tx, orderId, returnOf)
      if (additional.lines.length) {
        await tx
          .insert(lineItem)
          .values(additional.lines.map(({ product: _product, ...line }) => ({ ...line, swap_id: id, cart_id: cartId })))
        if (additional.taxLines.length) {
          await tx
            .insert(lineItemTaxLine)
            .values(additional.taxLines.map((tax) => ({ ...tax, id: generateId('litl') })))
        }
        // Held when the swap is made (v1 holds them at the cart's completion): the merchant learns
        // of missing stock now, and two swaps cannot promise the same last unit.
        await holdLines(
          tx,
          env.flags,
          additional.lines,
          input.sales_channel_id ?? row.sales_channel_id,
          'additional_items',
          input.allow_backorder ?? true,
        )
      }
      const back = await returnLines(tx, cartId, input.return_items)
      await tx.insert(lineItem).values(back.lines)
      if (back.taxLines.length) await tx.insert(lineItemTaxLine).values(back.taxLines)
      const [returnMethod] = await tx.select().from(shippingMethod).where(eq(shippingMethod.return_id, ret.id))
      if (returnMethod) {
        // Return shipping is paid with the difference (v1): a line of the cart at its price.
        await tx.insert(lineItem).values({
          id: generateId('item'),
          cart_id: cartId,
          title: 'Return shipping',
          unit_price: returnMethod.price,
          quantity: 1,
          should_merge: false,
          allow_discounts: false,
          has_shipping: true,
        })
      }
      if (methods.length) {
        await tx.insert(shippingMethod).values(methods.map((method) => ({ ...method, cart_id: cartId })))
      }
      await emit(tx, SWAP_EVENTS.created, { id, order_id: orderId, no_notification: noNotification })
      return created
    })
  })
}

/** The swap an Idempotency-Key made, if any. */
async function swapOfKey(db: Db, key: string): Promise<SwapRow | undefined> {
  const [row] = await db.select().from(swap).where(eq(swap.idempotency_key, key)).limit(1)
  return row
}

/**
 * `POST /admin/orders/:id/swaps` and `POST /store/swaps` under an Idempotency-Key (v1's stages
 * `started` → `swap_created` → `finished`): the first stage makes the swap unless the key already
 * made one (`createSwap` looks under the order's operation claim, which a stage holds outside any
 * transaction, hence detached; the key's lock lapses after a second, the claim does not), the
 * second answers the key's swap. A retry with the key answers the same swap; none makes another.
 */
export function createSwapStages(
  env: OrderEnv,
  orderId: string,
  input: AdminPostOrdersOrderSwapsReq,
  origin: Omit<SwapOrigin, 'idempotency_key'>,
  answer: (db: Db, created: SwapRow) => Promise<unknown>,
): Stages {
  return {
    [STARTED]: detachedStage(async (db, key) => {
      await createSwap(db, env, orderId, input, { ...origin, idempotency_key: key.idempotency_key })
      return { recovery_point: 'swap_created' }
    }),
    swap_created: detachedStage(async (db, key) => {
      const created = await swapOfKey(db, key.idempotency_key)
      if (!created) throw new InvalidData('Swap not found')
      return { response_code: 200, response_body: await answer(db, created) }
    }),
  }
}

/** `GET /admin/swaps`: newest first. */
export async function listSwaps(db: Db, page: Page) {
  const live = isNull(swap.deleted_at)
  const rows = await db
    .select()
    .from(swap)
    .where(live)
    .orderBy(desc(swap.created_at), desc(swap.id))
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, swap, live, { rows: rows.length, ...page })
  return { rows, count }
}

/** `POST …/swaps/:swap_id/cancel`: not once refunded, nor while a fulfilment or its return stands. */
export async function cancelSwap(db: Db, env: OrderEnv, orderId: string, swapId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireSwap(tx, swapId, orderId, true)
    if (row.canceled_at) throw new NotAllowed('Swap has already been canceled')
    if (['difference_refunded', 'partially_refunded', 'refunded'].includes(row.payment_status)) {
      throw new NotAllowed('Swap with a refund cannot be canceled')
    }
    const [live] = await tx
      .select({ id: fulfillment.id })
      .from(fulfillment)
      .where(and(eq(fulfillment.swap_id, swapId), isNull(fulfillment.canceled_at)))
      .limit(1)
    if (live) throw new NotAllowed('All fulfillments must be canceled before the swap can be canceled')
    const [openReturn] = await tx
      .select({ id: orderReturn.id })
      .from(orderReturn)
      .where(and(eq(orderReturn.swap_id, swapId), sql`${orderReturn.status} <> 'canceled'`))
      .limit(1)
    if (openReturn) throw new NotAllowed('Return must be canceled before the swap can be canceled')
    const now = new Date()
    await tx
      .update(swap)
      .set({ fulfillment_status: 'canceled', payment_status: 'canceled', canceled_at: now, updated_at: now })
      .where(eq(swap.id, swapId))
    await giveBackLines(tx, env.flags, await swapLines(tx, swapId))
  })
}

/** The swap's live payment (taken when its cart completed with something to pay). */
export async function swapPayment(db: Db, swapId: string) {
  const [row] = await db
    .select()
    .from(payment)
    .where(and(eq(payment.swap_id, swapId), isNull(payment.canceled_at)))
    .orderBy(asc(payment.created_at))
    .limit(1)
  return row
}

/**
 * `POST …/swaps/:swap_id/process-payment`, under the order's operation claim (two at once: the
 * second finds the first's work done): a positive difference is captured from the swap's payment,
 * a negative one refunded from the order's captured payments, at the providers outside any
 * transaction; the swap's `payment_status` and the event are written with the capture or the
 * refunds. A provider's refusal leaves the order and the swap as they were (422) and records
 * v1's failure event.
 */
export async function processSwapPayment(db: Db, env: OrderEnv, orderId: string, swapId: string): Promise<void> {
  await withOrderOperation(db, orderId, 'swap-payment', async () => {
    const row = await requireSwap(db, swapId, orderId)
    if (row.canceled_at) throw new NotAllowed('Canceled swap cannot be processed')
    if (!row.confirmed_at) throw new NotAllowed("Cannot process a swap that hasn't been confirmed by the customer")
    const due = row.difference_due ?? 0
    const noNotification = row.no_notification
    const settle = async (tx: Db, status: SwapRow['payment_status'], event: string) => {
      await tx.update(swap).set({ payment_status: status, updated_at: new Date() }).where(eq(swap.id, swapId))
      await emit(tx, event, { id: swapId, no_notification: noNotification })
    }
    if (due <= 0) {
      if (row.payment_status === 'difference_refunded') return
      if (due === 0) {
        await db.transaction((tx) => settle(tx, 'difference_refunded', SWAP_EVENTS.refundProcessed))
        return
      }
      const note = `Swap ${swapId}`
      try {
        await refundHeldOrder(
          db,
          env,
          orderId,
          {
            amount: -due - (await refundedBefore(db, orderId, 'swap', note)),
            reason: 'swap',
            note,
            no_notification: noNotification ?? undefined,
          },
          (tx) => settle(tx, 'difference_refunded', SWAP_EVENTS.refundProcessed),
        )
      } catch (error) {
        await emit(db, SWAP_EVENTS.processRefundFailed, { id: swapId, no_notification: noNotification })
        throw error
      }
      return
    }
    if (row.payment_status === 'captured') return
    const paid = await swapPayment(db, swapId)
    if (!paid) throw new InvalidData('The swap has no payment to capture')
    const { captured, failure } = await capturePayments(env, paid.captured_at ? [] : [paid])
    if (failure) {
      await emit(db, SWAP_EVENTS.paymentCaptureFailed, { id: swapId, no_notification: noNotification })
      throw failure
    }
    await db.transaction(async (tx) => {
      await recordCaptures(tx, null, captured)
      await settle(tx, 'captured', SWAP_EVENTS.paymentCaptured)
    })
  })
}

/** The additional items of a swap. */
export const swapLines = (db: Db, swapId: string) =>
  db.select().from(lineItem).where(eq(lineItem.swap_id, swapId)).orderBy(asc(lineItem.created_at), asc(lineItem.id))
