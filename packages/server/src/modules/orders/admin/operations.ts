import { and, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { AppError, Conflict } from '../../../core/errors.js'
import type { Db } from '../../../db/types.js'
import type { FeatureFlags } from '../../../config.js'
import type { FulfillmentProviderMap } from '../../../providers/fulfillment.js'
import type { PaymentProvider } from '../../../providers/payment.js'
import { orderOperation } from '../schema.js'

/** What the admin order services need of the app. */
export interface OrderEnv {
  paymentProviders: ReadonlyMap<string, PaymentProvider>
  fulfillmentProviders: FulfillmentProviderMap
  flags: Partial<FeatureFlags>
}

/** How long a claim holds when its process dies before releasing it. */
const LEASE_SECONDS = 120
/** How long a request waits for another operation on the same order before a 409. */
const WAIT_MS = 30_000

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Takes the claim if it is free or lapsed; committed at once (no transaction stays open). */
async function tryClaim(db: Db, resourceId: string, token: string): Promise<boolean> {
  const expires = sql`now() + ${LEASE_SECONDS}::int * interval '1 second'`
  const taken = await db
    .insert(orderOperation)
    .values({ resource_id: resourceId, kind: token, expires_at: expires })
    .onConflictDoUpdate({
      target: orderOperation.resource_id,
      set: { kind: token, expires_at: expires },
      where: sql`${orderOperation.expires_at} < now()`,
    })
    .returning({ id: orderOperation.resource_id })
  return taken.length > 0
}

/**
 * Runs `work` holding the order's operation claim: one capture, refund, fulfilment, shipment or
 * cancellation of an order at a time, across every server process, without a transaction open
 * while a provider is called. A second request waits for the first to finish, then sees what it
 * did (a capture finds the payment captured, a refund finds less to refund); after `WAIT_MS` it
 * is a 409.
 */
export async function withOrderOperation<T>(db: Db, resourceId: string, kind: string, work: () => Promise<T>) {
  const token = `${kind}:${randomUUID()}`
  const deadline = Date.now() + WAIT_MS
  let pause = 5
  while (!(await tryClaim(db, resourceId, token))) {
    if (Date.now() > deadline) throw new Conflict(`Another operation is in progress on ${resourceId}`)
    await delay(pause)
    pause = Math.min(pause * 2, 100)
  }
  try {
    return await work()
  } finally {
    await db
      .delete(orderOperation)
      .where(and(eq(orderOperation.resource_id, resourceId), eq(orderOperation.kind, token)))
  }
}

/** A provider's failure as a wire error: its own typed error, or `fallback` naming the provider. */
export function providerFailure(error: unknown, fallback: (message: string) => AppError): AppError {
  if (error instanceof AppError) return error
  return fallback(error instanceof Error ? error.message : String(error))
}
