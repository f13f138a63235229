import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { NotAllowed, NotFound } from '../../../core/errors.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import type { FulfillmentData, FulfillmentProvider } from '../../../providers/fulfillment.js'
import { lineItem, shippingMethod } from '../../carts/schema.js'
import { requireLocation } from '../../inventory/locations.js'
import { shippingOption } from '../../shipping/schema.js'
import { providerFailure, withOrderOperation, type OrderEnv } from '../admin/operations.js'
import { requireOrder } from '../admin/service.js'
import { CLAIM_EVENTS } from '../events.js'
import { claimOrder, fulfillment, fulfillmentItem, type FulfillmentStatus } from '../schema.js'
import type { AdminPostOrdersClaimFulfillmentsReq, AdminPostOrdersOrderClaimsClaimShipmentsReq } from './contract.js'
import { recordShipment } from '../fulfillments/service.js'
import { claimLines, requireClaim } from './service.js'

type LineRow = typeof lineItem.$inferSelect

const fulfillmentFailure = (error: unknown) =>
  providerFailure(error, (message) => new NotAllowed(`The fulfillment provider failed: ${message}`))

function providerOf(env: OrderEnv, id: string): FulfillmentProvider {
  const provider = env.fulfillmentProviders.get(id)
  if (!provider) throw new NotAllowed(`The fulfillment provider ${id} is not installed`)
  return provider
}

/** The claim's fulfilment status from its replacement lines, as an order's is from its lines. */
function statusOf(lines: readonly LineRow[]): FulfillmentStatus {
  const shipped = lines.reduce((sum, line) => sum + (line.shipped_quantity ?? 0), 0)
  const fulfilled = lines.reduce((sum, line) => sum + (line.fulfilled_quantity ?? 0), 0)
  const ordered = lines.reduce((sum, line) => sum + line.quantity, 0)
  if (shipped > 0) {
    return lines.every((line) => (line.shipped_quantity ?? 0) >= line.quantity) ? 'shipped' : 'partially_shipped'
  }
  if (fulfilled === 0) return 'not_fulfilled'
  return fulfilled >= ordered ? 'fulfilled' : 'partially_fulfilled'
}

async function setClaimStatus(tx: Db, claimId: string, status?: FulfillmentStatus) {
  const next = status ?? statusOf(await claimLines(tx, claimId))
  await tx
    .update(claimOrder)
    .set({ fulfillment_status: next, updated_at: new Date() })
    .where(eq(claimOrder.id, claimId))
}

/** The claim's fulfilments that are not canceled. */
export async function liveClaimFulfillments(tx: Db, claimId: string): Promise<number> {
  const rows = await tx
    .select({ id: fulfillment.id })
    .from(fulfillment)
    .where(and(eq(fulfillment.claim_order_id, claimId), isNull(fulfillment.canceled_at)))
  return rows.length
}

async function requireClaimFulfillment(db: Db, claimId: string, fulfillmentId: string) {
  const [row] = await db.select().from(fulfillment).where(eq(fulfillment.id, fulfillmentId)).limit(1)
  if (!row || row.claim_order_id !== claimId) {
    throw new NotFound(`Fulfillment with id: ${fulfillmentId} was not found on claim ${claimId}`)
  }
  return row
}

const itemsOf = (db: Db, fulfillmentId: string) =>
  db.select().from(fulfillmentItem).where(eq(fulfillmentItem.fulfillment_id, fulfillmentId))

/**
 * `POST …/claims/:claim_id/fulfillments`: the replacement lines not fulfilled yet, booked with the
 * provider of the claim's shipping method outside any transaction (under the order's operation
 * claim), then written in one; a refusal after the booking cancels it.
 */
export async function fulfillClaim(
  db: Db,
  env: OrderEnv,
  orderId: string,
  claimId: string,
  input: AdminPostOrdersClaimFulfillmentsReq,
): Promise<void> {
  await withOrderOperation(db, orderId, 'claim-fulfillment', async () => {
    const orderRow = await requireOrder(db, orderId)
    const claim = await requireClaim(db, orderId, claimId)
    if (claim.canceled_at) throw new NotAllowed('Cannot fulfill a canceled claim')
    if (claim.type !== 'replace') throw new NotAllowed('Only claims with type replace can be fulfilled')
    const planned = (await claimLines(db, claimId))
      .map((line) => ({ line, quantity: line.quantity - (line.fulfilled_quantity ?? 0) }))
      .filter((entry) => entry.quantity > 0)
    if (planned.length === 0) throw new NotAllowed('The claim has no items left to fulfill')
    const [method] = await db
      .select({ data: shippingMethod.data, provider_id: shippingOption.provider_id })
      .from(shippingMethod)
      .innerJoin(shippingOption, eq(shippingOption.id, shippingMethod.shipping_option_id))
      .where(eq(shippingMethod.claim_order_id, claimId))
      .orderBy(asc(shippingMethod.id))
      .limit(1)
    if (!method) throw new NotAllowed('Cannot fulfill a claim without a shipping method')
    if (input.location_id) await requireLocation(db, input.location_id, 'location_id')
    const provider = providerOf(env, method.provider_id)
    const id = generateId('ful')
    let data: FulfillmentData
    try {
      data = await provider.createFulfillment(
        method.data,
        planned.map(({ line, quantity }) => ({ ...line, quantity })),
        orderRow,
        { id, claim_order_id: claimId, location_id: input.location_id ?? null },
      )
    } catch (error) {
      throw fulfillmentFailure(error)
    }
    try {
      await db.transaction(async (tx) => {
        const locked = await requireClaim(tx, orderId, claimId, true)
        if (locked.canceled_at) throw new NotAllowed('Cannot fulfill a canceled claim')
        for (const { line, quantity } of planned) {
          const raised = await tx
            .update(lineItem)
            .set({
              fulfilled_quantity: sql`coalesce(${lineItem.fulfilled_quantity}, 0) + ${quantity}`,
              updated_at: new Date(),
            })
            .where(
              and(
                eq(lineItem.id, line.id),
                sql`coalesce(${lineItem.fulfilled_quantity}, 0) = ${line.fulfilled_quantity ?? 0}`,
              ),
            )
            .returning({ id: lineItem.id })
          if (raised.length === 0) throw new NotAllowed(`The claim's item ${line.id} was fulfilled meanwhile`)
        }
        await tx.insert(fulfillment).values({
          id,
          claim_order_id: claimId,
          provider_id: provider.id,
          location_id: input.location_id ?? null,
          data,
          no_notification: input.no_notification ?? null,
          metadata: input.metadata ?? null,
        })
        await tx
          .insert(fulfillmentItem)
          .values(planned.map(({ line, quantity }) => ({ fulfillment_id: id, item_id: line.id, quantity })))
        await setClaimStatus(tx, claimId)
        await emit(tx, CLAIM_EVENTS.fulfillmentCreated, {
          id: claimId,
          fulfillment_id: id,
          no_notification: input.no_notification ?? locked.no_notification,
        })
      })
    } catch (error) {
      await provider.cancelFulfillment(data).catch(() => undefined)
      throw error
    }
  })
}

/** `POST …/claims/:claim_id/fulfillments/:fulfillment_id/cancel`: not once shipped or canceled. */
export async function cancelClaimFulfillment(
  db: Db,
  env: OrderEnv,
  orderId: string,
  claimId: string,
  fulfillmentId: string,
): Promise<void> {
  await withOrderOperation(db, orderId, 'claim-fulfillment-cancel', async () => {
    await requireClaim(db, orderId, claimId)
    const row = await requireClaimFulfillment(db, claimId, fulfillmentId)
    if (row.shipped_at)
      throw new NotAllowed('The fulfillment has been shipped. Shipped fulfillments cannot be canceled')
    if (row.canceled_at) throw new NotAllowed('The fulfillment has already been canceled')
    try {
      await providerOf(env, row.provider_id).cancelFulfillment(row.data)
    } catch (error) {
      throw fulfillmentFailure(error)
    }
    await db.transaction(async (tx) => {
      await requireClaim(tx, orderId, claimId, true)
      const now = new Date()
      await tx.update(fulfillment).set({ canceled_at: now, updated_at: now }).where(eq(fulfillment.id, fulfillmentId))
      for (const item of await itemsOf(tx, fulfillmentId)) {
        await tx
          .update(lineItem)
          .set({ fulfilled_quantity: sql`${lineItem.fulfilled_quantity} - ${item.quantity}`, updated_at: now })
          .where(eq(lineItem.id, item.item_id))
      }
      await setClaimStatus(tx, claimId, 'canceled')
    })
  })
}

/** `POST …/claims/:claim_id/shipments`: the fulfilment leaves with its tracking numbers. */
export async function createClaimShipment(
  db: Db,
  env: OrderEnv,
  orderId: string,
  claimId: string,
  input: AdminPostOrdersOrderClaimsClaimShipmentsReq,
): Promise<void> {
  await withOrderOperation(db, orderId, 'claim-shipment', async () => {
    const claim = await requireClaim(db, orderId, claimId)
    if (claim.canceled_at) throw new NotAllowed('Cannot ship a canceled claim')
    const row = await requireClaimFulfillment(db, claimId, input.fulfillment_id)
    if (row.canceled_at) throw new NotAllowed('Fulfillment has been canceled')
    if (row.shipped_at) throw new NotAllowed('Fulfillment has already been shipped')
    const trackingNumbers = [...new Set(input.tracking_numbers ?? [])]
    let data: FulfillmentData
    try {
      data = await providerOf(env, row.provider_id).createShipment(row.data, trackingNumbers)
    } catch (error) {
      throw fulfillmentFailure(error)
    }
    await db.transaction(async (tx) => {
      const locked = await requireClaim(tx, orderId, claimId, true)
      await recordShipment(tx, row.id, trackingNumbers, data)
      await setClaimStatus(tx, claimId)
      await emit(tx, CLAIM_EVENTS.shipmentCreated, {
        id: claimId,
        fulfillment_id: row.id,
        no_notification: locked.no_notification,
      })
    })
  })
}
