import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { prepared, preparedInsert, unencoded } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { Conflict, InvalidData, NotFound } from '../../core/errors.js'
import {
  getPaymentProvider,
  type PaymentContext,
  type PaymentData,
  type PaymentSessionStatus,
} from '../../providers/payment.js'
import { detachedStage, type Stages } from '../../core/idempotency.js'
import { concurrently, lastBatch } from '../../db/fast-path/concurrent.js'
import { assertCartOpen, lockCart, type CartEnv } from './lock.js'
import {
  loadCartDetails,
  readWholeCart,
  wholeCartDetails,
  type CartDetails,
  type CartRegion,
  type PaymentSessionRow,
  type WholeCart,
} from './loader.js'
import { paymentSession } from './schema.js'
import type { CustomerWithRelations } from '../customers/service.js'
import { cartRelationsWithCustomer, cartViewOf, readCartCustomer, REFRESH_RELATIONS, type CartView } from './view.js'

/**
 * Payment sessions. Payment providers are outside services, so no transaction stays open while one
 * is called: each run plans under the cart's lock (writing what needs no provider), commits, calls
 * the providers, then writes their answers under the lock again. Providers that answer in-process
 * (`local`, such as the manual provider) are asked under the lock of the round that planned the
 * calls, and their answers are written with its writes. A session whose provider-side
 * identity (`is_initiated`, `data`) changed in between keeps the newer state and the stale answer
 * is dropped (its provider session is deleted). Runs repeat until a plan needs no provider call, so
 * a cart whose total changed while a provider was answering ends with its sessions updated to the
 * new total; a cart that keeps changing gives up with a 409 the client retries.
 *
 * Sessions are initiated lazily, as in v1.20: every region provider gets a session row, but only
 * the selected one (automatically the only one, when the region has a single provider) is started
 * with its provider.
 */

/** One thing a run was asked to do besides keeping the sessions in line with the cart. */
type Directive =
  | { kind: 'create' }
  | { kind: 'select'; providerId: string }
  | { kind: 'update_data'; providerId: string; data: PaymentData }
  | { kind: 'refresh'; providerId: string }
  | { kind: 'delete'; providerId: string }

interface ProviderCall {
  kind: 'initiate' | 'update'
  sessionId: string
  providerId: string
  /** The session's provider-side identity when planned; the answer is kept only if it still holds. */
  planned: { is_initiated: boolean; data: PaymentData }
  data: PaymentData
  context: PaymentContext
}

interface Plan {
  calls: ProviderCall[]
  /** Provider sessions no row refers to any more: deleted at the provider, best effort. */
  discards: { providerId: string; data: PaymentData }[]
  /** Whether the round wrote to the sessions; if not, the cart it read is still the cart. */
  wrote: boolean
  /**
   * The round's writes not sent yet, in order: nothing the round decides depends on their answers,
   * so they go out together, the last ones with the COMMIT.
   */
  writes: (() => PromiseLike<unknown>)[]
}

/**
 * A round's plan and the cart it planned from, read under the cart's lock; `after`, when the round
 * also got its providers' answers (all in-process) and wrote them: the cart as they left it.
 */
interface Round {
  plan: Plan
  details: CartDetails
  after?: RunAnswer
}

interface RunOptions {
  /** Create a session for every region provider that has none. */
  createMissing: boolean
  /** Start the selected session with its provider when it has not been. */
  initiate: boolean
  /** The answer shows the cart's customer: read them with the cart where that saves a round trip. */
  withCustomer?: boolean
}

/** The cart as a run's last read left it, and its customer when read with it. */
interface RunAnswer {
  details: CartDetails
  customer?: CustomerWithRelations | null
}

const emptyPlan = (): Plan => ({ calls: [], discards: [], wrote: false, writes: [] })

const MAX_ROUNDS = 4

function contextOf(details: CartDetails): PaymentContext {
  return {
    amount: details.totals.total,
    currency_code: details.region.currency_code,
    resource_id: details.cart.id,
    email: details.cart.email,
    customer_id: details.cart.customer_id,
    context: details.cart.context ?? {},
  }
}

function removeSessions(tx: Db, sessions: PaymentSessionRow[], plan: Plan): void {
  if (sessions.length === 0) return
  plan.wrote = true
  const ids = sessions.map((session) => session.id)
  plan.writes.push(() => tx.delete(paymentSession).where(inArray(paymentSession.id, ids)))
  for (const session of sessions) {
    if (session.is_initiated) plan.discards.push({ providerId: session.provider_id, data: session.data })
  }
}

const sessionInsert = preparedInsert('cart_payment_session_insert', paymentSession, [
  'id',
  'cart_id',
  'provider_id',
  'is_selected',
  'is_initiated',
  'status',
  'data',
  'amount',
])

/** Queues a new session's insert; answers the row as it will be, for the rest of the plan. */
function insertSession(
  tx: Db,
  plan: Plan,
  cartId: string,
  providerId: string,
  amount: number,
  isSelected: boolean | null,
): PaymentSessionRow {
  plan.wrote = true
  const values = {
    id: generateId('ps'),
    cart_id: cartId,
    provider_id: providerId,
    is_selected: isSelected,
    is_initiated: false,
    status: 'pending' as const,
    data: {},
    amount,
  }
  plan.writes.push(() => sessionInsert(tx, values))
  const now = new Date()
  return { ...values, created_at: now, updated_at: now, idempotency_key: null, payment_authorized_at: null }
}

function selectSession(tx: Db, plan: Plan, cartId: string, sessionId: string): void {
  plan.wrote = true
  // Clear the others first: at most one selected session per cart is a unique index.
  plan.writes.push(
    () =>
      tx
        .update(paymentSession)
        .set({ is_selected: null, updated_at: new Date() })
        .where(and(eq(paymentSession.cart_id, cartId), ne(paymentSession.id, sessionId))),
    () =>
      tx
        .update(paymentSession)
        .set({ is_selected: true, updated_at: new Date() })
        .where(eq(paymentSession.id, sessionId)),
  )
}

function assertRegionProvider(details: CartDetails, providerId: string): void {
  if (!details.region.payment_providers.some((provider) => provider.id === providerId)) {
    throw new InvalidData(`The payment provider ${providerId} is not available in the cart's region`)
  }
}

/** The directive's own changes, queued before the usual rules run. */
function applyDirective(tx: Db, details: CartDetails, directive: Directive, plan: Plan): ProviderCall | undefined {
  const cartId = details.cart.id
  const total = details.totals.total
  const session = (providerId: string) => details.payment_sessions.find((row) => row.provider_id === providerId)
  switch (directive.kind) {
    case 'create':
      return undefined
    case 'delete': {
      const found = session(directive.providerId)
      if (found) removeSessions(tx, [found], plan)
      return undefined
    }
    case 'select': {
      assertRegionProvider(details, directive.providerId)
      const found = session(directive.providerId) ?? insertSession(tx, plan, cartId, directive.providerId, total, null)
      // Selecting the session that is already the selected one (the usual call once a region's only
      // provider had its session selected for the cart) writes nothing.
      const alreadySelected =
        found.is_selected === true &&
        details.payment_sessions.every((row) => row.id === found.id || row.is_selected !== true)
      if (!alreadySelected) selectSession(tx, plan, cartId, found.id)
      return undefined
    }
    case 'refresh': {
      const found = session(directive.providerId)
      if (!found) return undefined
      removeSessions(tx, [found], plan)
      insertSession(tx, plan, cartId, found.provider_id, total, found.is_selected)
      return undefined
    }
    case 'update_data': {
      const found = session(directive.providerId)
      if (!found || !found.is_initiated) {
        throw new NotFound(`Could not find an initiated payment session for provider ${directive.providerId}`)
      }
      return {
        kind: 'update',
        sessionId: found.id,
        providerId: found.provider_id,
        planned: { is_initiated: found.is_initiated, data: found.data },
        data: { ...found.data, ...directive.data },
        context: contextOf(details),
      }
    }
  }
}

/**
 * v1's `setPaymentSessions` rules: no sessions on a cart that costs nothing, none for providers the
 * region no longer offers, the region's only provider selected, unstarted sessions priced at the
 * total, and the selected session started (or, when its amount is stale, updated) with its provider.
 */
async function applyRules(
  tx: Db,
  details: CartDetails,
  options: RunOptions,
  plan: Plan,
  unchanged: boolean,
): Promise<void> {
  const cartId = details.cart.id
  const total = details.totals.total
  // The loaded sessions still hold unless a directive has just written to them.
  let sessions = unchanged ? [...details.payment_sessions] : await sessionsAfterWrites(tx, plan, cartId)
  if (total <= 0) {
    removeSessions(tx, sessions, plan)
    return
  }
  const offered = details.region.payment_providers.map((provider) => provider.id)
  const stale = sessions.filter((row) => !offered.includes(row.provider_id))
  removeSessions(tx, stale, plan)
  sessions = sessions.filter((row) => offered.includes(row.provider_id))
  if (options.createMissing) {
    // The region's only provider gets its session created selected, as the rule below would make it.
    const selectedAtOnce = offered.length === 1 && sessions.length === 0 ? true : null
    for (const providerId of offered.filter((id) => !sessions.some((row) => row.provider_id === id))) {
      sessions.push(insertSession(tx, plan, cartId, providerId, total, selectedAtOnce))
    }
  }
  if (offered.length === 1 && sessions.length === 1 && sessions[0].is_selected !== true) {
    selectSession(tx, plan, cartId, sessions[0].id)
    sessions[0] = { ...sessions[0], is_selected: true }
  }
  const unstarted = sessions.filter((row) => !row.is_initiated && row.amount !== total).map((row) => row.id)
  if (unstarted.length > 0) {
    plan.wrote = true
    plan.writes.push(() =>
      tx
        .update(paymentSession)
        .set({ amount: total, updated_at: new Date() })
        .where(inArray(paymentSession.id, unstarted)),
    )
  }
  const selected = sessions.find((row) => row.is_selected === true)
  if (!selected) return
  const planned = { is_initiated: selected.is_initiated, data: selected.data }
  const call = { sessionId: selected.id, providerId: selected.provider_id, planned, context: contextOf(details) }
  if (!selected.is_initiated && options.initiate) plan.calls.push({ ...call, kind: 'initiate', data: {} })
  else if (selected.is_initiated && selected.amount !== total) {
    plan.calls.push({ ...call, kind: 'update', data: selected.data })
  }
}

/** The cart's sessions as the writes queued so far leave them. */
async function sessionsAfterWrites(tx: Db, plan: Plan, cartId: string): Promise<PaymentSessionRow[]> {
  await concurrently(tx, plan.writes.splice(0))
  return tx.select().from(paymentSession).where(eq(paymentSession.cart_id, cartId))
}

async function planRound(
  db: Db,
  env: CartEnv,
  cartId: string,
  directive: Directive | undefined,
  options: RunOptions,
): Promise<Round> {
  const { round, written, answered } = await db.transaction(async (tx) => {
    const [, details] = await concurrently(tx, [
      () => lockCart(tx, cartId, { relaxed: true }),
      () => loadCartDetails(tx, cartId, env.flags),
    ])
    assertCartOpen(details.cart)
    const plan = emptyPlan()
    const directed = directive ? applyDirective(tx, details, directive, plan) : undefined
    if (directed) plan.calls.push(directed)
    else await applyRules(tx, details, options, plan, !plan.wrote)
    if (!answerInProcess(env, plan.calls)) {
      // The round's writes go out with the COMMIT.
      const batch = await lastBatch(tx, plan.writes.splice(0))
      return { round: { plan, details }, written: batch.answers, answered: false }
    }
    // The providers are asked now, under the lock: their answers and the cart they leave behind
    // (with its customer when the answer shows them) go out with the round's writes and the COMMIT.
    const answers = await Promise.all(plan.calls.map(async (call) => ({ call, result: await callProvider(env, call) })))
    const batch = await lastBatch(tx, [
      ...plan.writes.splice(0),
      ...answerWrites(tx, answers),
      ...cartReads(tx, cartId, options),
    ])
    return { round: { plan: { ...plan, calls: [] }, details }, written: batch.answers, answered: true }
  })
  const results = await written
  if (!answered) return round
  const [whole, customer] = results.slice(-2) as [WholeCart | undefined, CustomerWithRelations | null | undefined]
  const after = await wholeCartDetails(db, cartId, whole, env.flags)
  return { plan: round.plan, details: round.details, after: { details: after, customer } }
}

/** Whether the round's calls all go to providers that answer in-process (`local`). */
function answerInProcess(env: CartEnv, calls: ProviderCall[]): boolean {
  return (
    calls.length > 0 && calls.every((call) => getPaymentProvider(env.paymentProviders, call.providerId).local === true)
  )
}

type CallResult = { data: PaymentData; status?: PaymentSessionStatus }

async function callProvider(env: CartEnv, call: ProviderCall): Promise<CallResult> {
  const provider = getPaymentProvider(env.paymentProviders, call.providerId)
  if (call.kind === 'initiate') return provider.initiatePayment(call.context)
  return provider.updatePayment(call.data, call.context)
}

/**
 * Writes the providers' answers where the sessions are still as planned (each update checks it);
 * the rest are discarded. The cart they leave behind is read in the same batch, under the lock
 * (with its customer when the answer shows them), and all of it goes out with the COMMIT: when the
 * rules want nothing more of that cart, it is the run's answer, and the run needs no round to
 * confirm it.
 */
async function applyAnswers(
  db: Db,
  env: CartEnv,
  cartId: string,
  answers: { call: ProviderCall; result: CallResult }[],
  options: RunOptions,
): Promise<{ discards: Plan['discards']; after?: RunAnswer }> {
  if (answers.length === 0) return { discards: [] }
  const { written } = await db.transaction(async (tx) => {
    const writes = answerWrites(tx, answers)
    const reads = cartReads(tx, cartId, options)
    // Wrapped: a promise returned as it is would hold the COMMIT until it settles.
    const batch = await lastBatch(tx, [() => lockCart(tx, cartId, { relaxed: true }), ...writes, ...reads])
    return { written: batch.answers }
  })
  const results = await written
  const updated = results.slice(1, 1 + answers.length) as { id: string }[][]
  const discards = answers.flatMap(({ call, result }, index) =>
    updated[index].length === 0 && call.kind === 'initiate' ? [{ providerId: call.providerId, data: result.data }] : [],
  )
  const [whole, customer] = results.slice(-2) as [WholeCart | undefined, CustomerWithRelations | null | undefined]
  return { discards, after: { details: await wholeCartDetails(db, cartId, whole, env.flags), customer } }
}

/** The providers' answers, each written only over its session as planned (see `answerStatement`). */
function answerWrites(tx: Db, answers: { call: ProviderCall; result: CallResult }[]) {
  const now = new Date()
  return answers.map(
    ({ call, result }) =>
      () =>
        answerStatement(tx, {
          id: call.sessionId,
          plannedInitiated: call.planned.is_initiated,
          plannedData: paymentSession.data.mapToDriverValue(call.planned.data),
          data: paymentSession.data.mapToDriverValue(result.data),
          status: result.status ?? null,
          amount: call.context.amount,
          now,
        }),
  )
}

/**
 * The cart after the answers (made once the COMMIT is back, see `readWholeCart`), and its customer
 * when the run's answer shows them.
 */
function cartReads(tx: Db, cartId: string, options: RunOptions) {
  return [
    () => readWholeCart(tx, cartId),
    () => (options.withCustomer ? readCartCustomer(tx, cartId) : Promise.resolve(undefined)),
  ] as const
}

// Every session a provider starts sends this: built once (see `prepared`). It writes only over a
// session still as planned (`is_initiated` and `data`), and answers whether it did.
const answerStatement = prepared('payment_session_answer', (db) =>
  db
    .update(paymentSession)
    .set({
      data: unencoded('data'),
      status: sql`coalesce(${unencoded('status')}, ${paymentSession.status})`,
      is_initiated: true,
      amount: unencoded('amount'),
      updated_at: unencoded('now'),
    })
    .where(
      and(
        eq(paymentSession.id, sql.placeholder('id')),
        eq(paymentSession.is_initiated, sql.placeholder('plannedInitiated')),
        sql`${paymentSession.data} = ${sql.placeholder('plannedData')}::jsonb`,
      ),
    )
    .returning({ id: paymentSession.id }),
)

/**
 * Whether the cart is as the directive and the rules want it: a round would write nothing and call
 * no provider. The writes they queue on the way are dropped unsent; a refusal is thrown as a round
 * would throw it.
 */
async function isSettled(db: Db, details: CartDetails, options: RunOptions, directive?: Directive): Promise<boolean> {
  assertCartOpen(details.cart)
  const plan = emptyPlan()
  if (directive && applyDirective(db, details, directive, plan)) return false
  if (plan.wrote) return false
  await applyRules(db, details, options, plan, true)
  return !plan.wrote && plan.calls.length === 0
}

/** Drops provider sessions no row refers to. A gateway that cannot be reached lets them expire on its side. */
async function discard(env: CartEnv, discards: Plan['discards']): Promise<void> {
  await Promise.allSettled(
    discards.map(async ({ providerId, data }) => {
      const provider = env.paymentProviders.get(providerId)
      if (provider) await provider.deletePayment(data)
    }),
  )
}

/**
 * Runs rounds until one needs no provider call. Answers the cart as that last round read it when
 * the round wrote nothing (the usual last round), or as the providers' answers left it when the
 * rules want nothing more, so the caller need not read it again.
 */
async function run(
  db: Db,
  env: CartEnv,
  cartId: string,
  directive: Directive | undefined,
  options: RunOptions,
): Promise<RunAnswer | undefined> {
  let next = directive
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { plan, details, after } = await planRound(db, env, cartId, next, options)
    next = undefined
    await discard(env, plan.discards)
    if (after) {
      if (await isSettled(db, after.details, options)) return after
      continue
    }
    if (plan.calls.length === 0) return plan.wrote ? undefined : { details }
    const settled = await Promise.allSettled(plan.calls.map((call) => callProvider(env, call)))
    const answers = plan.calls.flatMap((call, index) => {
      const outcome = settled[index]
      return outcome.status === 'fulfilled' ? [{ call, result: outcome.value }] : []
    })
    const applied = await applyAnswers(db, env, cartId, answers, options)
    await discard(env, applied.discards)
    const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
    if (failure) throw failure.reason
    if (applied.after && (await isSettled(db, applied.after.details, options))) return applied.after
  }
  throw new Conflict('The cart kept changing while its payment sessions were being updated')
}

/**
 * `POST /store/carts/:id/payment-sessions` as one idempotent stage (conventions §7): a session per
 * region provider, the selected one started; the answer has the customer and the region's tax rates.
 */
export function createPaymentSessionsStages(env: CartEnv, cartId: string): Stages {
  return {
    started: detachedStage(async (db) => {
      const options = { createMissing: true, initiate: true, withCustomer: true }
      const answer = await run(db, env, cartId, { kind: 'create' }, options)
      const cart = await cartViewOf(
        db,
        env.flags,
        cartId,
        cartRelationsWithCustomer(env.flags),
        answer?.details,
        answer,
      )
      return { response_code: 200, response_body: { cart } }
    }),
  }
}

/** `POST /store/carts/:id/payment-session`: selects the provider's session, starting it if needed. */
export async function selectPaymentSession(
  db: Db,
  env: CartEnv,
  cartId: string,
  providerId: string,
): Promise<CartView> {
  const directive: Directive = { kind: 'select', providerId }
  const options = { createMissing: false, initiate: true }
  // Selecting the session already selected (the usual call once a region's only provider has its
  // session) changes nothing: a read without the lock settles it, as the cart stood when it ran.
  const seen = await loadCartDetails(db, cartId, env.flags)
  if (await isSettled(db, seen, options, directive)) return cartViewOf(db, env.flags, cartId, undefined, seen)
  const answer = await run(db, env, cartId, directive, options)
  return cartViewOf(db, env.flags, cartId, undefined, answer?.details)
}

/** `POST /store/carts/:id/payment-sessions/:provider_id`: selects it, then hands the provider the new data. */
export async function updatePaymentSessionData(
  db: Db,
  env: CartEnv,
  cartId: string,
  providerId: string,
  data: PaymentData,
): Promise<CartView> {
  await run(db, env, cartId, { kind: 'select', providerId }, { createMissing: false, initiate: true })
  const directive: Directive = { kind: 'update_data', providerId, data }
  const answer = await run(db, env, cartId, directive, { createMissing: false, initiate: true })
  return cartViewOf(db, env.flags, cartId, undefined, answer?.details)
}

/**
 * `POST /store/carts/:id/payment-sessions/:provider_id/refresh`: a fresh provider session in place
 * of the old one; answered with v1's short list of relations.
 */
export async function refreshPaymentSession(
  db: Db,
  env: CartEnv,
  cartId: string,
  providerId: string,
): Promise<CartView> {
  const answer = await run(db, env, cartId, { kind: 'refresh', providerId }, { createMissing: false, initiate: true })
  return cartViewOf(db, env.flags, cartId, REFRESH_RELATIONS, answer?.details)
}

/** `DELETE /store/carts/:id/payment-sessions/:provider_id`; no session for the provider is no error (v1). */
export async function deletePaymentSession(
  db: Db,
  env: CartEnv,
  cartId: string,
  providerId: string,
): Promise<CartView> {
  const answer = await run(db, env, cartId, { kind: 'delete', providerId }, { createMissing: false, initiate: false })
  return cartViewOf(db, env.flags, cartId, undefined, answer?.details)
}

/**
 * After a change to a cart's lines, region or shipping: brings existing sessions in line with the
 * new total (v1 refreshes them in the same request). Starts no session and creates none. Answers
 * the cart as it stands afterwards; a cart without sessions is read once, for that answer, unless
 * the caller has just read it after its change (`read`).
 */
export async function syncPaymentSessions(
  db: Db,
  env: CartEnv,
  cartId: string,
  known: { region?: CartRegion; read?: CartDetails } = {},
): Promise<CartDetails> {
  const { region } = known
  const details = known.read ?? (await loadCartDetails(db, cartId, env.flags, { region }))
  if (details.payment_sessions.length === 0) return details
  const synced = await run(db, env, cartId, undefined, { createMissing: false, initiate: false })
  return synced?.details ?? loadCartDetails(db, cartId, env.flags, { region })
}
