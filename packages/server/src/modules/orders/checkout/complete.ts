import { and, eq, sql } from 'drizzle-orm'
import { prepared } from '../../../db/fast-path/prepared.js'
import type { Db } from '../../../db/types.js'
import { AppError, NotAllowed, PaymentAuthorizationError } from '../../../core/errors.js'
import { atomicStage, detachedStage, type StageResult, type Stages } from '../../../core/idempotency.js'
import { getPaymentProvider, type PaymentData, type PaymentSessionStatus } from '../../../providers/payment.js'
import type { CartDetails, PaymentSessionRow } from '../../carts/loader.js'
import { cart, paymentSession } from '../../carts/schema.js'
import { concurrently, lastBatch } from '../../../db/fast-path/concurrent.js'
import { onOneConnection } from '../../../db/transactions.js'
import {
  clearCartTaxLines,
  retrieveCartForCompletion,
  setCartPayment,
  cartTaxLineWrites,
  updatePaymentSessionState,
  withCartLock,
  type CartEnv,
} from '../../carts/service.js'
import { cartViewOf } from '../../carts/view.js'
import { assertCompletable, selectedSession } from './completion-checks.js'
import { COMPLETED_ORDER_SELECTION, loadOrders, type OrderView } from '../loader.js'
import { orderIdOfCart, placeOrder, placeOrderOf } from './place-order.js'
import { withOrderOperation } from '../admin/operations.js'
import { order } from '../schema.js'
import { InsufficientInventory } from './stock.js'
import { completeSwapCart, swapAnswer } from '../swaps/complete.js'
import { swapOfCart } from '../swaps/service.js'

/** A swap's cart is checked as one (swaps/complete.ts completes it); any other as an order's. */
const completableType = (details: CartDetails) => (details.cart.type === 'swap' ? 'swap' : 'default')

/** Recovery points of `POST /store/carts/:id/complete` (reference/conventions.md §7). */
export const TAX_LINES_CREATED = 'tax_lines_created'
export const PAYMENT_AUTHORIZED = 'payment_authorized'

const orderStatement = prepared('order_by_id', (db) =>
  db
    .select()
    .from(order)
    .where(eq(order.id, sql.placeholder('id'))),
)

/** `200 {type: "order", data}`: the order with every column, its shipping address, lines and payments. */
const orderAnswer = (data: OrderView | undefined): StageResult => ({
  response_code: 200,
  response_body: { type: 'order', data },
})

/** The answer for an order placed earlier (a completed cart), read on one connection. */
async function orderResponse(db: Db, orderId: string): Promise<StageResult> {
  const [data] = await onOneConnection(db, async (reader) =>
    loadOrders(reader, await orderStatement(reader, { id: orderId }), COMPLETED_ORDER_SELECTION),
  )
  return orderAnswer(data)
}

/** A completed cart answers its order again, whoever completed it (v1). */
async function completedCartResponse(db: Db, cartId: string): Promise<StageResult> {
  const orderId = await orderIdOfCart(db, cartId)
  if (!orderId) {
    const completedSwap = await swapOfCart(db, cartId)
    if (completedSwap?.confirmed_at) return swapAnswer(db, completedSwap.id)
  }
  if (!orderId) throw new NotAllowed(`Cart ${cartId} has already been completed`, 'cart_incompatible_state')
  return orderResponse(db, orderId)
}

type AuthorizationPlan =
  | { kind: 'done'; result: StageResult }
  | { kind: 'authorize'; session: PaymentSessionRow; context: Record<string, unknown> }
  | { kind: 'record'; session: PaymentSessionRow; answer: Authorization }

/**
 * What the payment needs, from a cart read under its lock and found completable, and the writes
 * that go with it (the caller sends them).
 */
function authorizationPlanOf(tx: Db, details: CartDetails, key: string) {
  const cartId = details.cart.id
  if (details.totals.total <= 0) {
    // Nothing to pay: no session and no payment (v1 marks the cart authorized as it is).
    const plan: AuthorizationPlan = { kind: 'done', result: { recovery_point: PAYMENT_AUTHORIZED } }
    return { plan, writes: [() => setCartPayment(tx, cartId, { payment_authorized_at: new Date() })] }
  }
  const session = selectedSession(details)!
  const context = { ...(details.cart.context ?? {}), cart_id: cartId, idempotency_key: key }
  const plan: AuthorizationPlan = { kind: 'authorize', session, context }
  return { plan, writes: [] }
}

/**
 * Stage 1, atomic with the key: the cart is checked under its lock, its tax lines are stored, and
 * what its payment needs is planned from the same read. Nothing is read after the writes, so the
 * runner sends them with the COMMIT (`lastWrites`).
 *
 * A provider that answers from this process (`local`) authorizes now. Authorized, the order is
 * placed in this transaction, the session's answer written ahead of it, and the stage answers the
 * order; a stock-out or a lost race for the cart rolls it all back (`recoverOrder` answers). Any
 * other answer is left for stage 2 to record.
 */
async function startCompletion(tx: Db, env: CartEnv, cartId: string, key: string) {
  const details = await retrieveCartForCompletion(tx, cartId, env.flags)
  if (details.cart.completed_at) return { result: await completedCartResponse(tx, cartId) }
  assertCompletable(details, completableType(details))
  const first = authorizationPlanOf(tx, details, key)
  let plan: AuthorizationPlan = first.plan
  if (plan.kind === 'authorize' && getPaymentProvider(env.paymentProviders, plan.session.provider_id).local) {
    const answer = await callProvider(env, plan.session, plan.context)
    if (answer.status === 'authorized') {
      return { result: await placeAuthorizedOrder(tx, env, details, plan.session, answer, key) }
    }
    plan = { kind: 'record', session: plan.session, answer }
  }
  const lastWrites = [...(await cartTaxLineWrites(tx, details)).writes, ...first.writes]
  const next = plan.kind === 'done' ? plan.result : { recovery_point: TAX_LINES_CREATED }
  return { result: { ...next, lastWrites }, plan }
}

/** The order of a cart whose payment was authorized in this transaction, with that authorization. */
async function placeAuthorizedOrder(
  tx: Db,
  env: CartEnv,
  details: CartDetails,
  session: PaymentSessionRow,
  answer: Authorization,
  key: string,
): Promise<StageResult> {
  const now = new Date()
  const paid: CartDetails = {
    ...details,
    cart: { ...details.cart, payment_authorized_at: now },
    payment_sessions: details.payment_sessions.map((row) =>
      row.id === session.id ? { ...row, status: answer.status, data: answer.data, payment_authorized_at: now } : row,
    ),
  }
  const sessionWrite = sessionAnswerWrite(tx, session, answer, now)
  if (paid.cart.type === 'swap') return completeSwapCart(tx, env, paid, key, { sessionWrite, authorizedAt: now })
  const { placed } = await placeOrderOf(tx, env, paid, key, { sessionWrite, authorizedAt: now })
  return orderAnswer(placed)
}

/** The plan of a request that resumes at stage 2 (a retry, or a takeover of a stale key lock). */
async function planAuthorization(db: Db, env: CartEnv, cartId: string, key: string): Promise<AuthorizationPlan> {
  return db.transaction(async (tx) => {
    const details = await retrieveCartForCompletion(tx, cartId, env.flags)
    if (details.cart.completed_at) return { kind: 'done', result: await completedCartResponse(tx, cartId) }
    assertCompletable(details, completableType(details))
    const { plan, writes } = authorizationPlanOf(tx, details, key)
    await concurrently(tx, writes)
    return plan
  })
}

interface Authorization {
  status: PaymentSessionStatus
  data: PaymentData
  failure?: AppError
}

/** The provider's answer; a refusal it throws is recorded as an `error` session, then reported. */
async function callProvider(env: CartEnv, session: PaymentSessionRow, context: Record<string, unknown>) {
  const provider = getPaymentProvider(env.paymentProviders, session.provider_id)
  try {
    return (await provider.authorizePayment(session.data, context)) as Authorization
  } catch (error) {
    const failure =
      error instanceof AppError && error.type !== 'payment_authorization_error'
        ? error
        : new PaymentAuthorizationError('Payment authorization failed')
    return { status: 'error', data: session.data, failure } satisfies Authorization
  }
}

/** The provider's answer on the session. */
function sessionAnswerWrite(tx: Db, session: PaymentSessionRow, answer: Authorization, now: Date) {
  return () =>
    updatePaymentSessionState(tx, session.id, {
      status: answer.status,
      data: answer.data,
      payment_authorized_at: answer.status === 'authorized' ? now : null,
    })
}

/** The provider's answer on the session, and on the cart when it authorized the payment. */
function authorizationWrites(tx: Db, cartId: string, session: PaymentSessionRow, answer: Authorization) {
  const now = new Date()
  return [
    sessionAnswerWrite(tx, session, answer, now),
    ...(answer.status === 'authorized' ? [() => setCartPayment(tx, cartId, { payment_authorized_at: now })] : []),
  ]
}

/**
 * Records the provider's answer under the cart's lock. Authorized: the key moves on. More action
 * needed (3-D Secure and the like): the stored tax lines go, and the cart is answered with the
 * session status for the storefront to act on. Refused: the session says so, the error is thrown
 * after the commit, and the cart can be completed again later. Unless the cart is answered, nothing
 * is read after the writes, so they go out with the COMMIT.
 */
async function recordAuthorization(
  db: Db,
  env: CartEnv,
  cartId: string,
  session: PaymentSessionRow,
  answer: Authorization,
): Promise<StageResult> {
  const { outcome, written } = await withCartLock(db, cartId, async (tx, row) => {
    if (row.completed_at) return { outcome: await completedCartResponse(tx, cartId) }
    const authorized = answer.status === 'authorized'
    const writes = authorizationWrites(tx, cartId, session, answer)
    if (answer.status === 'requires_more' || answer.status === 'pending') {
      await concurrently(tx, [...writes, () => clearCartTaxLines(tx, cartId)])
      const data = await cartViewOf(tx, env.flags, cartId)
      return { outcome: { response_code: 200, response_body: { type: 'cart', data, payment_status: answer.status } } }
    }
    const outcome: StageResult | undefined = authorized ? { recovery_point: PAYMENT_AUTHORIZED } : undefined
    return { outcome, written: (await lastBatch(tx, writes)).answers }
  })
  await written
  if (outcome) return outcome
  throw answer.failure ?? new NotAllowed('Payment authorization failed')
}

/**
 * Stage 2: the selected session is authorized with its provider, outside any transaction, as
 * planned by stage 1 in this request or, when resuming, by a fresh read of the cart. A local
 * provider's answer that stage 1 got is only recorded.
 */
async function authorizePayment(
  db: Db,
  env: CartEnv,
  cartId: string,
  plan: AuthorizationPlan | undefined,
  key: string,
): Promise<StageResult> {
  plan ??= await planAuthorization(db, env, cartId, key)
  if (plan.kind === 'done') return plan.result
  if (plan.kind === 'record') return recordAuthorization(db, env, cartId, plan.session, plan.answer)
  const { session, context } = plan
  // One authorization of a cart at a time, across requests and processes: completions racing
  // without a key (or with different keys) would otherwise each ask the gateway. The one that
  // waited finds the payment authorized and goes on to the order, as v1 skips an authorized session.
  return withOrderOperation(db, cartId, 'authorize', async () => {
    const state = await paymentStateOf(db, cartId)
    if (state?.completed) return completedCartResponse(db, cartId)
    if (state?.status === 'authorized') return { recovery_point: PAYMENT_AUTHORIZED }
    return recordAuthorization(db, env, cartId, session, await callProvider(env, session, context))
  })
}

/** Whether the cart is completed, and the status of its selected payment session. */
async function paymentStateOf(db: Db, cartId: string) {
  const [state] = await db
    .select({ completed: sql<boolean>`${cart.completed_at} IS NOT NULL`, status: paymentSession.status })
    .from(cart)
    .leftJoin(paymentSession, and(eq(paymentSession.cart_id, cart.id), eq(paymentSession.is_selected, true)))
    .where(eq(cart.id, cartId))
  return state
}

/**
 * The stock ran out between authorization and order (v1): the payment is cancelled with its
 * provider (outside any transaction), the cart's authorization is reset, and the answer is v1's
 * 409 `errors` envelope. The cart may be completed again once its lines fit the stock.
 */
async function releasePayment(db: Db, env: CartEnv, cartId: string, error: InsufficientInventory) {
  const [session] = await db
    .select()
    .from(paymentSession)
    .where(and(eq(paymentSession.cart_id, cartId), eq(paymentSession.is_selected, true)))
  let canceled: PaymentData | undefined
  if (session?.status === 'authorized') {
    try {
      canceled = await getPaymentProvider(env.paymentProviders, session.provider_id).cancelPayment(session.data)
    } catch {
      // The gateway lets an uncaptured authorization lapse; the session keeps saying authorized.
    }
  }
  await withCartLock(db, cartId, async (tx) => {
    await setCartPayment(tx, cartId, { payment_authorized_at: null })
    if (session && canceled) {
      await updatePaymentSessionState(tx, session.id, {
        status: 'canceled',
        data: canceled,
        payment_authorized_at: null,
      })
    }
  })
  return {
    response_code: 409,
    response_body: { errors: [{ message: error.message, type: error.type, code: error.code }] },
  }
}

function isUniqueCartViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505' && candidate.constraint === 'order_cart_id_key') return true
    current = candidate.cause
  }
  return false
}

/** Stage 3, atomic with the key: the order (see `placeOrder`), answered. */
async function createOrder(tx: Db, env: CartEnv, cartId: string, key: string): Promise<StageResult> {
  const done = await placeOrder(tx, env, cartId, key, (inner, current) =>
    current.cart.completed_at ? completedCartResponse(inner, cartId) : completeSwapCart(inner, env, current, key),
  )
  if ('other' in done) return done.other
  return done.placed ? orderAnswer(done.placed) : orderResponse(tx, done.orderId)
}

/**
 * Stage 3's failures it answers, after its transaction rolled back: the stock ran out (the payment
 * is released), or another request placed the cart's order first (that order is the answer).
 */
async function recoverOrder(db: Db, env: CartEnv, cartId: string, error: unknown): Promise<StageResult> {
  if (error instanceof InsufficientInventory) return releasePayment(db, env, cartId, error)
  if (isUniqueCartViolation(error)) return completedCartResponse(db, cartId)
  throw error
}

/**
 * `POST /store/carts/:id/complete` as idempotent stages: `started` → `tax_lines_created` →
 * `payment_authorized` → finished with `{type: "order"}`, `{type: "cart", payment_status}` or the
 * 409 inventory envelope; a provider that answers in-process and authorizes takes `started` to the
 * order at once. Every stage may run again (a retry, a request taking over a stale key lock, a
 * completion without a key racing another), so each reads the cart afresh under its lock, except
 * that the authorization uses the plan (or the answer) stage 1 got in the same request.
 */
export function completeCartStages(env: CartEnv, cartId: string): Stages {
  let planned: AuthorizationPlan | undefined
  return {
    started: atomicStage(
      async (tx, key) => {
        const { result, plan } = await startCompletion(tx, env, cartId, key.idempotency_key)
        planned = plan
        return result
      },
      (db, _key, error) => recoverOrder(db, env, cartId, error),
    ),
    [TAX_LINES_CREATED]: detachedStage((db, key) => {
      const plan = planned
      planned = undefined
      return authorizePayment(db, env, cartId, plan, key.idempotency_key)
    }),
    [PAYMENT_AUTHORIZED]: atomicStage(
      (tx, key) => createOrder(tx, env, cartId, key.idempotency_key),
      (db, _key, error) => recoverOrder(db, env, cartId, error),
    ),
  }
}
