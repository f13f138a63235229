import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/types.js'

/** What the customers module needs of an order: it passes the rest through untouched. */
export interface CustomerOrder {
  id: string
}

export interface CustomerOrdersOptions {
  /** `orders.items` was asked for too. */
  items: boolean
}

/**
 * The recent orders of each customer, keyed by customer id, loaded in one batch for a whole page.
 * The orders module comes after customers in the module order, so customers cannot import it: it
 * provides this seam, and the customer routes hand it to the service.
 */
export type CustomerOrdersLoader = (
  db: Db,
  customerIds: string[],
  options: CustomerOrdersOptions,
) => Promise<Map<string, CustomerOrder[]>>

/** Until a module that keeps orders is registered, nobody has any. */
export const noCustomerOrders: CustomerOrdersLoader = async () => new Map()

/** The orders loader the orders module provided, or none. */
export const customerOrdersOf = (app: FastifyInstance): CustomerOrdersLoader =>
  app.seams.customerOrders ?? noCustomerOrders

declare module '../../core/seams.js' {
  interface Seams {
    customerOrders: CustomerOrdersLoader
  }
}
