import { and, asc, eq, isNull } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import { parseExpand, parseFields, pickFields } from '../../core/list.js'
import { paymentSession } from '../carts/schema.js'
import { payment } from '../orders/schema.js'
import { region, regionPaymentProvider } from '../regions/schema.js'
import { currency } from '../store/schema.js'
import {
  PAYMENT_COLLECTION_FIELDS,
  PAYMENT_COLLECTION_RELATIONS,
  type AdminUpdatePaymentCollectionsReq,
  type PaymentCollectionRelation,
} from './contract.js'
import {
  paymentCollection,
  paymentCollectionPayments,
  paymentCollectionSessions,
  type PaymentCollectionType,
} from './schema.js'

export type PaymentCollectionRow = typeof paymentCollection.$inferSelect
export type PaymentSessionRow = typeof paymentSession.$inferSelect
export type PaymentRow = typeof payment.$inferSelect

export type PaymentCollectionView = Partial<PaymentCollectionRow> & {
  id: string
  region?: typeof region.$inferSelect
  currency?: typeof currency.$inferSelect
  payment_sessions?: PaymentSessionRow[]
  payments?: PaymentRow[]
}

export interface PaymentCollectionSelection {
  expand?: string
  fields?: string
}

export interface CreatePaymentCollectionInput {
  type: PaymentCollectionType
  amount: number
  region_id: string
  currency_code: string
  created_by: string
  description?: string | null
  metadata?: Record<string, unknown> | null
}

/**
 * For the order-edit module (v1 has no public create route): a `not_paid` collection. Runs in the
 * caller's transaction when given one.
 */
export async function createPaymentCollection(
  db: Db,
  input: CreatePaymentCollectionInput,
): Promise<PaymentCollectionRow> {
  if (!Number.isInteger(input.amount) || input.amount < 0) {
    throw new InvalidData('amount must be a non-negative integer')
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentCollection)
      .values({
        id: generateId('paycol'),
        type: input.type,
        status: 'not_paid',
        amount: input.amount,
        authorized_amount: null,
        region_id: input.region_id,
        currency_code: input.currency_code,
        created_by: input.created_by,
        description: input.description ?? null,
        metadata: input.metadata ?? null,
      })
      .returning()
    await emit(tx, 'payment-collection.created', { id: row.id })
    return row
  })
}

/** The live collection, or v1's 404. */
export async function findPaymentCollection(db: Db, id: string, lock = false): Promise<PaymentCollectionRow> {
  const query = db
    .select()
    .from(paymentCollection)
    .where(and(eq(paymentCollection.id, id), isNull(paymentCollection.deleted_at)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw NotFound.entity('PaymentCollection', id)
  return row
}

/** The collection's sessions, oldest first. */
export async function sessionsOf(db: Db, collectionId: string): Promise<PaymentSessionRow[]> {
  const rows = await db
    .select({ session: paymentSession })
    .from(paymentCollectionSessions)
    .innerJoin(paymentSession, eq(paymentSession.id, paymentCollectionSessions.payment_session_id))
    .where(eq(paymentCollectionSessions.payment_collection_id, collectionId))
    .orderBy(asc(paymentSession.created_at), asc(paymentSession.id))
  return rows.map((row) => row.session)
}

async function paymentsOf(db: Db, collectionId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select({ payment })
    .from(paymentCollectionPayments)
    .innerJoin(payment, eq(payment.id, paymentCollectionPayments.payment_id))
    .where(eq(paymentCollectionPayments.payment_collection_id, collectionId))
    .orderBy(asc(payment.created_at), asc(payment.id))
  return rows.map((row) => row.payment)
}

/** `GET …/payment-collections/:id`: the selected fields and relations, one query per relation. */
export async function retrievePaymentCollection(
  db: Db,
  id: string,
  selection: PaymentCollectionSelection,
  defaults: readonly PaymentCollectionRelation[],
): Promise<PaymentCollectionView> {
  const relations = parseExpand(selection.expand, PAYMENT_COLLECTION_RELATIONS, defaults)
  const fields = parseFields(selection.fields, PAYMENT_COLLECTION_FIELDS)
  const row = await findPaymentCollection(db, id)
  const view: PaymentCollectionView = { ...row }
  const [regionRow, currencyRow, sessions, payments] = await Promise.all([
    relations.has('region') ? db.select().from(region).where(eq(region.id, row.region_id)) : [],
    relations.has('currency') ? db.select().from(currency).where(eq(currency.code, row.currency_code)) : [],
    relations.has('payment_sessions') ? sessionsOf(db, id) : undefined,
    relations.has('payments') ? paymentsOf(db, id) : undefined,
  ])
  if (regionRow[0]) view.region = regionRow[0]
  if (currencyRow[0]) view.currency = currencyRow[0]
  if (sessions) view.payment_sessions = sessions
  if (payments) view.payments = payments
  return pickFields(view, fields, relations) as PaymentCollectionView
}

/** `POST /admin/payment-collections/:id`: description and metadata (merged, "" removes a key). */
export async function updatePaymentCollection(
  db: Db,
  id: string,
  input: AdminUpdatePaymentCollectionsReq,
): Promise<void> {
  await db.transaction(async (tx) => {
    await findPaymentCollection(tx, id, true)
    await tx
      .update(paymentCollection)
      .set({
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.metadata !== undefined
          ? { metadata: mergedMetadata(paymentCollection.metadata, input.metadata) }
          : {}),
        updated_at: new Date(),
      })
      .where(eq(paymentCollection.id, id))
    await emit(tx, 'payment-collection.updated', { id })
  })
}

/** Soft delete; only a collection nothing was authorized on (`not_paid` or `canceled`). */
export async function deletePaymentCollection(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPaymentCollection(tx, id, true)
    if (row.status !== 'not_paid' && row.status !== 'canceled') {
      throw new NotAllowed(`Cannot delete payment collection with status ${row.status}`)
    }
    await tx.update(paymentCollection).set({ deleted_at: new Date() }).where(eq(paymentCollection.id, id))
    await emit(tx, 'payment-collection.deleted', { id })
  })
}

/** `POST /admin/payment-collections/:id/authorize`: staff settle it outside the store. */
export async function markPaymentCollectionAuthorized(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPaymentCollection(tx, id, true)
    await tx
      .update(paymentCollection)
      .set({ status: 'authorized', authorized_amount: row.amount, updated_at: new Date() })
      .where(eq(paymentCollection.id, id))
    await emit(tx, 'payment-collection.updated', { id })
  })
}

/** The providers the collection's region offers. */
export async function regionProviderIds(db: Db, regionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: regionPaymentProvider.provider_id })
    .from(regionPaymentProvider)
    .where(eq(regionPaymentProvider.region_id, regionId))
  return rows.map((row) => row.id)
}
