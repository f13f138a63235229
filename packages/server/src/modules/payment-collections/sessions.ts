import { and, eq, inArray } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { Conflict, InvalidData, NotAllowed, NotFound, PaymentAuthorizationError } from '../../core/errors.js'
import type { PaymentContext, PaymentData, PaymentProvider, PaymentSessionStatus } from '../../providers/payment.js'
import { paymentSession } from '../carts/schema.js'
import { payment } from '../orders/schema.js'
import type { SessionInput } from './contract.js'
import {
  paymentCollection,
  paymentCollectionPayments,
  paymentCollectionSessions,
  type PaymentCollectionStatus,
} from './schema.js'
import {
  findPaymentCollection,
  regionProviderIds,
  sessionsOf,
  type PaymentCollectionRow,
  type PaymentSessionRow,
} from './service.js'

/**
 * A collection's payment sessions. Payment providers are outside services, so no transaction stays
 * open while one is called: each use case reads the collection, calls the providers, then writes
 * their answers in one transaction that first checks, under a row lock, that the collection was not
 * changed meanwhile (its `updated_at`, which every write here moves). A collection changed in
 * between gives a 409 the client retries, and the provider sessions the run started are dropped.
 */

export interface PaymentCollectionEnv {
  paymentProviders: ReadonlyMap<string, PaymentProvider>
}

interface Snapshot {
  row: PaymentCollectionRow
  sessions: PaymentSessionRow[]
}

async function snapshot(db: Db, id: string): Promise<Snapshot> {
  const row = await findPaymentCollection(db, id)
  return { row, sessions: await sessionsOf(db, id) }
}

function assertAcceptsSessions(row: PaymentCollectionRow): void {
  if (row.status !== 'not_paid' && row.status !== 'awaiting') {
    throw new NotAllowed(`Cannot set payment sessions for a payment collection with status ${row.status}`)
  }
}

function contextOf(row: PaymentCollectionRow, amount: number, customerId: string | undefined): PaymentContext {
  return {
    amount,
    currency_code: row.currency_code,
    resource_id: row.id,
    email: null,
    customer_id: customerId ?? null,
    context: {},
  }
}

function providerOf(env: PaymentCollectionEnv, id: string): PaymentProvider {
  const provider = env.paymentProviders.get(id)
  if (!provider) throw new InvalidData(`The payment provider ${id} is not available`)
  return provider
}

/** Locks the collection and fails when another write landed since `seen` was read. */
async function lockUnchanged(tx: Db, seen: PaymentCollectionRow): Promise<PaymentCollectionRow> {
  const current = await findPaymentCollection(tx, seen.id, true)
  if (current.updated_at.getTime() !== seen.updated_at.getTime()) {
    throw new Conflict('The payment collection changed while its payment sessions were being updated')
  }
  return current
}

async function touch(tx: Db, id: string, set: Partial<PaymentCollectionRow> = {}): Promise<void> {
  await tx
    .update(paymentCollection)
    .set({ ...set, updated_at: new Date() })
    .where(eq(paymentCollection.id, id))
  await emit(tx, 'payment-collection.updated', { id })
}

/** Drops provider sessions no row refers to; a gateway that cannot be reached lets them expire. */
async function discard(env: PaymentCollectionEnv, sessions: { provider_id: string; data: PaymentData }[]) {
  await Promise.allSettled(
    sessions.map(async ({ provider_id, data }) => {
      await env.paymentProviders.get(provider_id)?.deletePayment(data)
    }),
  )
}

async function insertSession(
  tx: Db,
  collectionId: string,
  values: { provider_id: string; amount: number; data: PaymentData; status: PaymentSessionStatus },
): Promise<PaymentSessionRow> {
  const [row] = await tx
    .insert(paymentSession)
    .values({ id: generateId('ps'), cart_id: null, is_selected: null, is_initiated: true, ...values })
    .returning()
  await tx.insert(paymentCollectionSessions).values({ payment_collection_id: collectionId, payment_session_id: row.id })
  return row
}

interface PlannedSession {
  input: SessionInput
  existing: PaymentSessionRow | undefined
}

function planBatch(snap: Snapshot, inputs: SessionInput[], offered: string[], env: PaymentCollectionEnv) {
  assertAcceptsSessions(snap.row)
  const total = inputs.reduce((sum, input) => sum + input.amount, 0)
  if (total !== snap.row.amount) {
    throw new InvalidData(`sessions: the sum of amounts (${total}) must equal the collection amount ${snap.row.amount}`)
  }
  const seen = new Set<string>()
  return inputs.map((input): PlannedSession => {
    if (!offered.includes(input.provider_id)) {
      throw new InvalidData(
        `The payment provider ${input.provider_id} is not available in the payment collection's region`,
      )
    }
    providerOf(env, input.provider_id)
    if (input.session_id === undefined) return { input, existing: undefined }
    if (seen.has(input.session_id)) throw new InvalidData(`sessions: session_id ${input.session_id} is given twice`)
    seen.add(input.session_id)
    const existing = snap.sessions.find((session) => session.id === input.session_id)
    if (!existing) throw NotFound.entity('PaymentSession', input.session_id)
    // A session moved to another provider is a new session at that provider.
    return { input, existing: existing.provider_id === input.provider_id ? existing : undefined }
  })
}

/**
 * `POST /store/payment-collections/:id/sessions/batch`: the collection's sessions become exactly
 * the given ones (listed sessions updated, new ones started, the others removed).
 */
export async function setPaymentSessionsBatch(
  db: Db,
  env: PaymentCollectionEnv,
  id: string,
  inputs: SessionInput[],
  customerId?: string,
): Promise<void> {
  const snap = await snapshot(db, id)
  const planned = planBatch(snap, inputs, await regionProviderIds(db, snap.row.region_id), env)
  const settled = await Promise.allSettled(
    planned.map(async ({ input, existing }) => {
      const provider = providerOf(env, input.provider_id)
      const context = contextOf(snap.row, input.amount, customerId)
      if (existing?.is_initiated) {
        const { data } = await provider.updatePayment(existing.data, context)
        return { data, status: existing.status }
      }
      const { data, status } = await provider.initiatePayment(context)
      return { data, status: status ?? ('pending' as const) }
    }),
  )
  const started = planned.flatMap(({ input, existing }, index) => {
    const outcome = settled[index]
    return !existing && outcome.status === 'fulfilled'
      ? [{ provider_id: input.provider_id, data: outcome.value.data }]
      : []
  })
  const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failure) {
    await discard(env, started)
    throw failure.reason
  }
  const answers = settled.map(
    (outcome) => (outcome as PromiseFulfilledResult<{ data: PaymentData; status: PaymentSessionStatus }>).value,
  )
  const kept = new Set(planned.flatMap(({ existing }) => (existing ? [existing.id] : [])))
  const removed = snap.sessions.filter((session) => !kept.has(session.id))
  try {
    await db.transaction(async (tx) => {
      await lockUnchanged(tx, snap.row)
      for (const [index, { input, existing }] of planned.entries()) {
        const answer = answers[index]
        if (existing) {
          await tx
            .update(paymentSession)
            .set({ amount: input.amount, data: answer.data, updated_at: new Date() })
            .where(eq(paymentSession.id, existing.id))
        } else {
          await insertSession(tx, id, { provider_id: input.provider_id, amount: input.amount, ...answer })
        }
      }
      if (removed.length > 0) {
        await tx.delete(paymentSession).where(
          inArray(
            paymentSession.id,
            removed.map((session) => session.id),
          ),
        )
      }
      await touch(tx, id)
    })
  } catch (error) {
    await discard(env, started)
    throw error
  }
  await discard(
    env,
    removed.filter((session) => session.is_initiated),
  )
}

/** `POST /store/payment-collections/:id/sessions`: one session, for the whole amount, at this provider. */
export async function setPaymentSession(
  db: Db,
  env: PaymentCollectionEnv,
  id: string,
  providerId: string,
  customerId?: string,
): Promise<void> {
  const snap = await snapshot(db, id)
  const existing = snap.sessions.find((session) => session.provider_id === providerId)
  await setPaymentSessionsBatch(
    db,
    env,
    id,
    [{ provider_id: providerId, amount: snap.row.amount, ...(existing ? { session_id: existing.id } : {}) }],
    customerId,
  )
}

function statusFor(authorized: number, amount: number): PaymentCollectionStatus {
  if (authorized >= amount) return 'authorized'
  return authorized === 0 ? 'awaiting' : 'partially_authorized'
}

type Authorization = { session: PaymentSessionRow; status: PaymentSessionStatus; data: PaymentData }

async function recordAuthorizations(tx: Db, row: PaymentCollectionRow, authorizations: Authorization[]): Promise<void> {
  for (const { session, status, data } of authorizations) {
    const authorized = status === 'authorized'
    await tx
      .update(paymentSession)
      .set({ status, data, payment_authorized_at: authorized ? new Date() : null, updated_at: new Date() })
      .where(eq(paymentSession.id, session.id))
    if (!authorized) continue
    const [created] = await tx
      .insert(payment)
      .values({
        id: generateId('pay'),
        amount: session.amount ?? 0,
        currency_code: row.currency_code,
        provider_id: session.provider_id,
        data,
      })
      .returning({ id: payment.id })
    await tx.insert(paymentCollectionPayments).values({ payment_collection_id: row.id, payment_id: created.id })
  }
  const sessions = await sessionsOf(tx, row.id)
  const authorizedAmount = sessions
    .filter((session) => session.status === 'authorized')
    .reduce((sum, session) => sum + (session.amount ?? 0), 0)
  await touch(tx, row.id, {
    authorized_amount: authorizedAmount,
    status: row.amount <= 0 ? 'authorized' : statusFor(authorizedAmount, row.amount),
  })
}

/**
 * `POST /store/payment-collections/:id/sessions/batch/authorize`: authorizes the given sessions
 * (those already authorized count as they are), then sets the status from the authorized amount.
 */
export async function authorizePaymentSessions(
  db: Db,
  env: PaymentCollectionEnv,
  id: string,
  sessionIds: string[],
  context: Record<string, unknown>,
): Promise<void> {
  const snap = await snapshot(db, id)
  for (const sessionId of sessionIds) {
    if (!snap.sessions.some((session) => session.id === sessionId)) throw NotFound.entity('PaymentSession', sessionId)
  }
  if (snap.row.status === 'authorized') return
  if (snap.row.status === 'canceled') {
    throw new NotAllowed('Cannot authorize payment sessions of a canceled payment collection')
  }
  const pending = snap.sessions.filter((session) => sessionIds.includes(session.id) && session.status !== 'authorized')
  const settled = await Promise.allSettled(
    pending.map((session) => providerOf(env, session.provider_id).authorizePayment(session.data, context)),
  )
  const authorizations = pending.flatMap((session, index): Authorization[] => {
    const outcome = settled[index]
    return outcome.status === 'fulfilled' ? [{ session, ...outcome.value }] : []
  })
  try {
    await db.transaction(async (tx) => recordAuthorizations(tx, await lockUnchanged(tx, snap.row), authorizations))
  } catch (error) {
    // The gateway holds money for a payment the store did not record: release it.
    await Promise.allSettled(
      authorizations
        .filter((auth) => auth.status === 'authorized')
        .map((auth) => providerOf(env, auth.session.provider_id).cancelPayment(auth.data)),
    )
    throw error
  }
  const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
  if (failure) throw failure.reason
}

async function sessionOf(db: Db, collectionId: string, sessionId: string): Promise<PaymentSessionRow> {
  const [row] = await db
    .select({ session: paymentSession })
    .from(paymentCollectionSessions)
    .innerJoin(paymentSession, eq(paymentSession.id, paymentCollectionSessions.payment_session_id))
    .where(
      and(
        eq(paymentCollectionSessions.payment_collection_id, collectionId),
        eq(paymentCollectionSessions.payment_session_id, sessionId),
      ),
    )
  if (!row) throw NotFound.entity('PaymentSession', sessionId)
  return row.session
}

/** `POST /store/payment-collections/:id/sessions/:session_id/authorize`: 422 unless it ends authorized. */
export async function authorizePaymentSession(
  db: Db,
  env: PaymentCollectionEnv,
  id: string,
  sessionId: string,
  context: Record<string, unknown>,
): Promise<PaymentSessionRow> {
  await authorizePaymentSessions(db, env, id, [sessionId], context)
  const session = await sessionOf(db, id, sessionId)
  if (session.status !== 'authorized') {
    throw new PaymentAuthorizationError(`Failed to authorize Payment Session id "${sessionId}"`)
  }
  return session
}

/**
 * `POST /store/payment-collections/:id/sessions/:session_id`: a fresh provider session (and row,
 * with a new id) in place of the old one, for the same provider and amount.
 */
export async function refreshPaymentSession(
  db: Db,
  env: PaymentCollectionEnv,
  id: string,
  sessionId: string,
  customerId?: string,
): Promise<PaymentSessionRow> {
  const snap = await snapshot(db, id)
  const old = snap.sessions.find((session) => session.id === sessionId)
  if (!old) throw NotFound.entity('PaymentSession', sessionId)
  assertAcceptsSessions(snap.row)
  const amount = old.amount ?? snap.row.amount
  const answer = await providerOf(env, old.provider_id).initiatePayment(contextOf(snap.row, amount, customerId))
  let created: PaymentSessionRow
  try {
    created = await db.transaction(async (tx) => {
      await lockUnchanged(tx, snap.row)
      await tx.delete(paymentSession).where(eq(paymentSession.id, old.id))
      const row = await insertSession(tx, id, {
        provider_id: old.provider_id,
        amount,
        data: answer.data,
        status: answer.status ?? 'pending',
      })
      await touch(tx, id)
      return row
    })
  } catch (error) {
    await discard(env, [{ provider_id: old.provider_id, data: answer.data }])
    throw error
  }
  if (old.is_initiated) await discard(env, [old])
  return created
}
