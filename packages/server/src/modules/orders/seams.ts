import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/types.js'

/** A payment collection as an order edit shows it (the payment-collections module's row). */
export interface EditPaymentCollection {
  id: string
  type: string
  status: string
  description: string | null
  amount: number
  authorized_amount: number | null
  region_id: string
  currency_code: string
  metadata: Record<string, unknown> | null
  created_by: string
  created_at: Date
  updated_at: Date
}

/**
 * What order edits need of payment collections, which come later in the module order: one made
 * for the difference an edit leaves to pay, read back, and the payments made against it.
 */
export interface OrderEditPaymentsSeam {
  /** A `not_paid` collection of type `order_edit`, written in the caller's transaction. */
  create(
    tx: Db,
    input: { amount: number; region_id: string; currency_code: string; created_by: string; description: string | null },
  ): Promise<{ id: string }>
  /** The live collections by id, in one read. */
  read(db: Db, ids: string[]): Promise<Map<string, EditPaymentCollection>>
  /** The ids of the payments made against a collection. */
  paymentIds(db: Db, id: string): Promise<string[]>
}

/** The seam, or undefined when the payment-collections module is not registered. */
export const editPaymentsOf = (app: FastifyInstance): OrderEditPaymentsSeam | undefined => app.seams.orderEditPayments

declare module '../../core/seams.js' {
  interface Seams {
    orderEditPayments: OrderEditPaymentsSeam
  }
}
