import type { FastifyInstance } from 'fastify'
import type { Db } from '../../../db/types.js'
import { adminOrderSelection } from './loader.js'
import type { OrderEnv } from './operations.js'
import { retrieveAdminOrder } from './service.js'

/** What the admin order services need of the app. */
export const orderEnvOf = (app: FastifyInstance): OrderEnv => ({
  paymentProviders: app.providers.paymentProviders,
  fulfillmentProviders: app.providers.fulfillmentProviders,
  flags: app.config.featureFlags,
})

/**
 * Makes a change to an order and answers the order with the request's `fields`/`expand` (or every
 * default). The selection is read first, so a bad one refuses the request before anything changes.
 */
export async function changeThenAnswer(
  db: Db,
  id: string,
  query: { fields?: string; expand?: string },
  change: () => Promise<unknown>,
) {
  const selection = adminOrderSelection(query)
  await change()
  return { order: await retrieveAdminOrder(db, id, selection) }
}

/** A body-less POST reads as `{}`, as v1's clients send some of these without one. */
export async function emptyBody(request: { body: unknown }): Promise<void> {
  request.body ??= {}
}
