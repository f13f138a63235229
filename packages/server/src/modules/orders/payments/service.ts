import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { AppError, InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
import { emit } from '../../../events/outbox.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { getPaymentProvider, type PaymentData } from '../../../providers/payment.js'
import { paymentStatusOf, requireOrder } from '../admin/service.js'
import { providerFailure, withOrderOperation, type OrderEnv } from '../admin/operations.js'
import { ORDER_EVENTS } from '../events.js'
import { order, payment, refund, type RefundReason } from '../schema.js'
import type { RefundRow } from '../admin/loader.js'

type PaymentRow = typeof payment.$inferSelect

const paymentFailure = (error: unknown) =>
  providerFailure(error, (message) => new AppError('payment_authorization_error', message))

export async function retrievePayment(db: Db, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payment).where(eq(payment.id, id)).limit(1)
  if (!row) throw NotFound.entity('Payment', id)
  return row
}

export const livePaymentsOf = (db: Db, orderId: string) =>
  db
    .select()
    .from(payment)
    .where(and(eq(payment.order_id, orderId), isNull(payment.canceled_at)))
    .orderBy(asc(payment.created_at), asc(payment.id))

/** Sets the order's payment status from its payments as they now are. */
async function settleOrderPaymentStatus(tx: Db, orderId: string): Promise<void> {
  const row = await requireOrder(tx, orderId, true)
  const status = paymentStatusOf(await livePaymentsOf(tx, orderId), row.payment_status)
  await tx.update(order).set({ payment_status: status, updated_at: new Date() }).where(eq(order.id, orderId))
}

/** Captures each payment at its provider, outside any transaction; the first refusal stops. */
export async function capturePayments(env: OrderEnv, payments: readonly PaymentRow[]) {
  const captured: { id: string; data: PaymentData }[] = []
  let failure: AppError | undefined
  for (const entry of payments) {
    try {
      const data = await getPaymentProvider(env.paymentProviders, entry.provider_id).capturePayment(entry.data)
      captured.push({ id: entry.id, data })
    } catch (error) {
      failure = paymentFailure(error)
      break
    }
  }
  return { captured, failure }
}

export async function recordCaptures(tx: Db, orderId: string | null, captured: { id: string; data: PaymentData }[]) {
  const now = new Date()
  for (const entry of captured) {
    await tx
      .update(payment)
      .set({ captured_at: now, data: entry.data, updated_at: now })
      .where(and(eq(payment.id, entry.id), isNull(payment.captured_at)))
    if (orderId) await emit(tx, ORDER_EVENTS.paymentCaptured, { id: orderId, payment_id: entry.id })
  }
  if (orderId) await settleOrderPaymentStatus(tx, orderId)
}

/**
 * `POST /admin/orders/:id/capture`: every live, uncaptured payment is captured; the order's
 * `payment_status` becomes `captured` when all are. A payment the provider refuses stays
 * uncaptured; when none was captured, the order is left exactly as it was and the refusal answers.
 */
export async function captureOrder(db: Db, env: OrderEnv, orderId: string): Promise<void> {
  await withOrderOperation(db, orderId, 'capture', async () => {
    const row = await requireOrder(db, orderId)
    if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot capture payment')
    const pending = (await livePaymentsOf(db, orderId)).filter((entry) => !entry.captured_at)
    const { captured, failure } = await capturePayments(env, pending)
    if (captured.length > 0) await db.transaction((tx) => recordCaptures(tx, orderId, captured))
    if (failure) throw failure
  })
}

/** `POST /admin/payments/:id/capture`: one payment; a captured one is answered as it is. */
export async function capturePayment(db: Db, env: OrderEnv, id: string): Promise<PaymentRow> {
  const first = await retrievePayment(db, id)
  await withOrderOperation(db, first.order_id ?? id, 'capture', async () => {
    const row = await retrievePayment(db, id)
    if (row.canceled_at) throw new NotAllowed('A canceled payment cannot be captured')
    if (row.captured_at) return
    if (row.order_id && (await requireOrder(db, row.order_id)).status === 'canceled') {
      throw new NotAllowed('A canceled order cannot capture payment')
    }
    const { captured, failure } = await capturePayments(env, [row])
    if (failure) throw failure
    await db.transaction((tx) => recordCaptures(tx, row.order_id, captured))
  })
  return retrievePayment(db, id)
}

export interface RefundInput {
  amount: number
  reason: RefundReason
  note?: string
  no_notification?: boolean
}

export interface RefundPart {
  entry: PaymentRow
  amount: number
  data: PaymentData
}

/**
 * Refunds `amount` from the captured payments in the order they were made, each at its provider
 * outside any transaction. Stops at the first refusal: what was refunded before it is in `parts`,
 * for the caller to record whatever happens next.
 */
export async function refundAtProviders(
  env: OrderEnv,
  payments: readonly PaymentRow[],
  amount: number,
): Promise<{ parts: RefundPart[]; failure?: AppError }> {
  const captured = payments.filter((entry) => entry.captured_at && entry.amount > entry.amount_refunded)
  const available = captured.reduce((sum, entry) => sum + entry.amount - entry.amount_refunded, 0)
  if (amount > available) {
    throw new NotAllowed(`amount: ${amount} is greater than the captured amount left to refund (${available})`)
  }
  const parts: RefundPart[] = []
  let left = amount
  for (const entry of captured) {
    if (left === 0) break
    const share = Math.min(left, entry.amount - entry.amount_refunded)
    try {
      const data = await getPaymentProvider(env.paymentProviders, entry.provider_id).refundPayment(entry.data, share)
      parts.push({ entry, amount: share, data })
    } catch (error) {
      return { parts, failure: paymentFailure(error) }
    }
    left -= share
  }
  return { parts }
}

/**
 * Refunds at the providers, then records the refunds, the payments' refunded amounts and the
 * order's payment status in one transaction. The payments' CHECK (refunded ≤ amount) backs the
 * checks made under the operation claim. A refusal after some parts went through records those.
 */
async function refundPayments(
  db: Db,
  env: OrderEnv,
  orderId: string | null,
  payments: readonly PaymentRow[],
  input: RefundInput,
  noNotification: boolean | null,
  alsoInTx?: AlsoInTx,
): Promise<RefundRow[]> {
  if (input.amount === 0) return recordRefunds(db, orderId, [], input, noNotification, alsoInTx)
  const { parts, failure } = await refundAtProviders(env, payments, input.amount)
  if (failure && parts.length === 0) throw failure
  if (!failure) return recordRefunds(db, orderId, parts, input, noNotification, alsoInTx)
  // Split over several payments, a later one refused: the money the earlier ones gave back has
  // left the gateway and cannot be taken back, so it is recorded (refund rows, refunded amounts,
  // the order's payment status), but nothing else the caller meant to write. The answer says what
  // failed and what was kept; a swap's or an edit's retry asks only the rest (`refundedBefore`).
  await recordRefunds(db, orderId, parts, input, noNotification)
  const refunded = parts.reduce((sum, part) => sum + part.amount, 0)
  const failed = payments.find(
    (entry) =>
      entry.captured_at && entry.amount > entry.amount_refunded && !parts.some((part) => part.entry.id === entry.id),
  )
  throw new AppError(
    failure.type,
    `payment ${failed?.id ?? ''}: ${failure.message}. ${refunded} of ${input.amount} was refunded by earlier payments and is recorded; nothing else changed`,
  )
}

/** Writes refunds made at the providers (in a transaction of its own, or a savepoint of the caller's). */
export async function recordRefunds(
  db: Db,
  orderId: string | null,
  parts: RefundPart[],
  input: RefundInput,
  noNotification: boolean | null,
  alsoInTx?: AlsoInTx,
): Promise<RefundRow[]> {
  return db.transaction(async (tx) => {
    const created: RefundRow[] = []
    for (const part of parts) {
      await tx
        .update(payment)
        .set({
          amount_refunded: sql`${payment.amount_refunded} + ${part.amount}`,
          data: part.data,
          updated_at: new Date(),
        })
        .where(eq(payment.id, part.entry.id))
      const [row] = await tx
        .insert(refund)
        .values({
          id: generateId('ref'),
          order_id: orderId,
          payment_id: part.entry.id,
          amount: part.amount,
          reason: input.reason,
          note: input.note ?? null,
        })
        .returning()
      created.push(row)
      if (orderId) {
        await emit(tx, ORDER_EVENTS.refundCreated, { id: orderId, refund_id: row.id, no_notification: noNotification })
      }
    }
    if (orderId) await settleOrderPaymentStatus(tx, orderId)
    if (alsoInTx) await alsoInTx(tx, created)
    return created
  })
}

/** What a caller records with the refunds, in their transaction (a claim, a confirmed edit). */
export type AlsoInTx = (tx: Db, refunds: RefundRow[]) => Promise<void>

/**
 * Refunds `input.amount` of an order whose operation claim the caller holds (`withOrderOperation`):
 * the providers are called first, outside any transaction, then the refunds and `alsoInTx` are
 * written in one. A provider's refusal of the first payment throws before anything is written.
 */
export async function refundHeldOrder(
  db: Db,
  env: OrderEnv,
  orderId: string,
  input: RefundInput,
  alsoInTx?: AlsoInTx,
): Promise<RefundRow[]> {
  const row = await requireOrder(db, orderId)
  if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot be refunded')
  const payments = await livePaymentsOf(db, orderId)
  const paid = payments.reduce((sum, entry) => sum + entry.amount, 0)
  const refunded = payments.reduce((sum, entry) => sum + entry.amount_refunded, 0)
  if (input.amount > paid - refunded) {
    throw new InvalidData(`amount: ${input.amount} is above the refundable amount (${paid - refunded})`)
  }
  return refundPayments(db, env, orderId, payments, input, input.no_notification ?? row.no_notification, alsoInTx)
}

/**
 * What the order's refunds of `reason` and `note` gave back already: the part of a swap's or an
 * edit's difference refunded before a later payment refused, which a retry does not ask again.
 */
export async function refundedBefore(db: Db, orderId: string, reason: RefundReason, note: string): Promise<number> {
  const rows = await db
    .select({ amount: refund.amount, reason: refund.reason, note: refund.note })
    .from(refund)
    .where(eq(refund.order_id, orderId))
  return rows.filter((row) => row.reason === reason && row.note === note).reduce((sum, row) => sum + row.amount, 0)
}

/** What can be refunded now: captured and not refunded yet, over the order's live payments. */
export async function capturedLeft(db: Db, orderId: string): Promise<number> {
  const payments = await livePaymentsOf(db, orderId)
  return payments
    .filter((entry) => entry.captured_at)
    .reduce((sum, entry) => sum + entry.amount - entry.amount_refunded, 0)
}

/**
 * `POST /admin/orders/:id/refund`: never above `refundable_amount` (paid − refunded), nor above
 * what was captured and not refunded yet.
 */
export async function refundOrder(db: Db, env: OrderEnv, orderId: string, input: RefundInput): Promise<void> {
  await withOrderOperation(db, orderId, 'refund', () => refundHeldOrder(db, env, orderId, input))
}

/** `POST /admin/payments/:id/refund`: at most what was captured and not refunded yet. */
export async function refundPayment(db: Db, env: OrderEnv, id: string, input: RefundInput): Promise<RefundRow> {
  const first = await retrievePayment(db, id)
  return withOrderOperation(db, first.order_id ?? id, 'refund', async () => {
    const row = await retrievePayment(db, id)
    if (row.canceled_at) throw new NotAllowed('A canceled payment cannot be refunded')
    if (!row.captured_at) throw new NotAllowed('Payment must be captured before it can be refunded')
    if (input.amount > row.amount - row.amount_refunded) {
      throw new InvalidData(`amount: ${input.amount} is above what the payment has left to refund`)
    }
    const noNotification = row.order_id ? (await requireOrder(db, row.order_id)).no_notification : null
    const [created] = await refundPayments(db, env, row.order_id, [row], input, noNotification)
    return created
  })
}
