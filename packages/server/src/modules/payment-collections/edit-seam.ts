import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import type { OrderEditPaymentsSeam } from '../orders/seams.js'
import { paymentCollection, paymentCollectionPayments } from './schema.js'
import { createPaymentCollection } from './service.js'

/** What order edits need of payment collections (the orders module's `orderEditPayments` seam). */
export const orderEditPayments: OrderEditPaymentsSeam = {
  create: (tx, input) => createPaymentCollection(tx, { ...input, type: 'order_edit' }),
  async read(db: Db, ids: string[]) {
    const rows = await db
      .select()
      .from(paymentCollection)
      .where(and(inArray(paymentCollection.id, ids), isNull(paymentCollection.deleted_at)))
    return new Map(rows.map((row) => [row.id, row]))
  },
  async paymentIds(db: Db, id: string) {
    const rows = await db
      .select({ id: paymentCollectionPayments.payment_id })
      .from(paymentCollectionPayments)
      .where(eq(paymentCollectionPayments.payment_collection_id, id))
    return rows.map((row) => row.id)
  },
}
