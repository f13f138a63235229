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
import { recordShipment, restockItems, takeFromStock } from '../fulfillments/service.js'
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

/**
 * What ships lines of its own besides the order's: a claim (replacement items) or a swap
 * (additional items). Their fulfilments, cancellations and shipments differ only in these.
 */
/** What the fulfilments read of a claim's or a swap's row. */
interface PartRow {
  canceled_at: Date | null
  no_notification: boolean | null
  type?: string
  confirmed_at?: Date | null
}

export interface ShippedPart {
  /** `claim` or `swap`, in messages and operation kinds. */
  name: string
  /** The column of `fulfillment` and `shipping_method` that names the part. */
  column: 'claim_order_id' | 'swap_id'
  require(db: Db, orderId: string, id: string, lock?: boolean): Promise<PartRow>
  /** Why the part cannot be fulfilled now, beyond being canceled. */
  refuseFulfillment?(row: PartRow): string | undefined
  lines(db: Db, id: string): Promise<LineRow[]>
  setStatus(tx: Db, id: string, status: FulfillmentStatus): Promise<unknown>
  events: { fulfillmentCreated: string; shipmentCreated: string }
}

export const CLAIM_PART: ShippedPart = {
  name: 'claim',
  column: 'claim_order_id',
  require: (db, orderId, id, lock) => requireClaim(db, orderId, id, lock),
  refuseFulfillment: (row) => (row.type !== 'replace' ? 'Only claims with type replace can be fulfilled' : undefined),
  lines: claimLines,
  setStatus: (tx, id, status) =>
    tx.update(claimOrder).set({ fulfillment_status: status, updated_at: new Date() }).where(eq(claimOrder.id, id)),
  events: { fulfillmentCreated: CLAIM_EVENTS.fulfillmentCreated, shipmentCreated: CLAIM_EVENTS.shipmentCreated },
}

async function settleStatus(tx: Db, part: ShippedPart, id: string, status?: FulfillmentStatus) {
  await part.setStatus(tx, id, status ?? statusOf(await part.lines(tx, id)))
}

/** The part's fulfilments that are not canceled. */
export async function liveFulfillmentsOf(tx: Db, part: ShippedPart, id: string): Promise<number> {
  const rows = await tx
    .select({ id: fulfillment.id })
    .from(fulfillment)
    .where(and(eq(fulfillment[part.column], id), isNull(fulfillment.canceled_at)))
  return rows.length
}

/** The claim's fulfilments that are not canceled. */
export const liveClaimFulfillments = (tx: Db, partId: string) => liveFulfillmentsOf(tx, CLAIM_PART, partId)

async function requirePartFulfillment(db: Db, part: ShippedPart, id: string, fulfillmentId: string) {
  const [row] = await db.select().from(fulfillment).where(eq(fulfillment.id, fulfillmentId)).limit(1)
  if (!row || row[part.column] !== id) {
    throw new NotFound(`Fulfillment with id: ${fulfillmentId} was not found on ${part.name} ${id}`)
  }
  return row
}

const itemsOf = (db: Db, fulfillmentId: string) =>
  db.select().from(fulfillmentItem).where(eq(fulfillmentItem.fulfillment_id, fulfillmentId))

/**
 * `POST …/claims/:claim_id/fulfillments` and `…/swaps/:swap_id/fulfillments`: the part's lines not
 * fulfilled yet, booked with the provider of its first shipping method outside any transaction
 * (under the order's operation claim), then written in one; a refusal after the booking cancels it.
 */
export async function fulfillPart(
  db: Db,
  env: OrderEnv,
  part: ShippedPart,
  orderId: string,
  partId: string,
  input: AdminPostOrdersClaimFulfillmentsReq,
): Promise<void> {
  await withOrderOperation(db, orderId, `${part.name}-fulfillment`, async () => {
    const orderRow = await requireOrder(db, orderId)
    const found = await part.require(db, orderId, partId)
    if (found.canceled_at) throw new NotAllowed(`Cannot fulfill a canceled ${part.name}`)
    const refusal = part.refuseFulfillment?.(found)
    if (refusal) throw new NotAllowed(refusal)
    const planned = (await part.lines(db, partId))
      .map((line) => ({ line, quantity: line.quantity - (line.fulfilled_quantity ?? 0) }))
      .filter((entry) => entry.quantity > 0)
    if (planned.length === 0) throw new NotAllowed(`The ${part.name} has no items left to fulfill`)
    const [method] = await db
      .select({ data: shippingMethod.data, provider_id: shippingOption.provider_id })
      .from(shippingMethod)
      .innerJoin(shippingOption, eq(shippingOption.id, shippingMethod.shipping_option_id))
      .where(eq(shippingMethod[part.column], partId))
      .orderBy(asc(shippingMethod.id))
      .limit(1)
    if (!method) throw new NotAllowed(`Cannot fulfill a ${part.name} without a shipping method`)
    if (input.location_id) await requireLocation(db, input.location_id, 'location_id')
    const provider = providerOf(env, method.provider_id)
    const id = generateId('ful')
    let data: FulfillmentData
    try {
      data = await provider.createFulfillment(
        method.data,
        planned.map(({ line, quantity }) => ({ ...line, quantity })),
        orderRow,
        { id, [part.column]: partId, location_id: input.location_id ?? null },
      )
    } catch (error) {
      throw fulfillmentFailure(error)
    }
    try {
      await db.transaction(async (tx) => {
        const locked = await part.require(tx, orderId, partId, true)
        if (locked.canceled_at) throw new NotAllowed(`Cannot fulfill a canceled ${part.name}`)
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
          if (raised.length === 0) throw new NotAllowed(`The ${part.name}'s item ${line.id} was fulfilled meanwhile`)
        }
        await tx.insert(fulfillment).values({
          id,
          [part.column]: partId,
          provider_id: provider.id,
          location_id: input.location_id ?? null,
          data,
          no_notification: input.no_notification ?? null,
          metadata: input.metadata ?? null,
        })
        await tx
          .insert(fulfillmentItem)
          .values(planned.map(({ line, quantity }) => ({ fulfillment_id: id, item_id: line.id, quantity })))
        // As an order's fulfilment: the units leave the lines' reservations (held at creation) there.
        await takeFromStock(tx, env, planned, input.location_id)
        await settleStatus(tx, part, partId)
        await emit(tx, part.events.fulfillmentCreated, {
          id: partId,
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

/** `POST …/fulfillments/:fulfillment_id/cancel` of a claim or a swap: not once shipped or canceled. */
export async function cancelPartFulfillment(
  db: Db,
  env: OrderEnv,
  part: ShippedPart,
  orderId: string,
  partId: string,
  fulfillmentId: string,
): Promise<void> {
  await withOrderOperation(db, orderId, `${part.name}-fulfillment-cancel`, async () => {
    await part.require(db, orderId, partId)
    const row = await requirePartFulfillment(db, part, partId, fulfillmentId)
    if (row.shipped_at)
      throw new NotAllowed('The fulfillment has been shipped. Shipped fulfillments cannot be canceled')
    if (row.canceled_at) throw new NotAllowed('The fulfillment has already been canceled')
    try {
      await providerOf(env, row.provider_id).cancelFulfillment(row.data)
    } catch (error) {
      throw fulfillmentFailure(error)
    }
    await db.transaction(async (tx) => {
      await part.require(tx, orderId, partId, true)
      const now = new Date()
      await tx.update(fulfillment).set({ canceled_at: now, updated_at: now }).where(eq(fulfillment.id, fulfillmentId))
      const items = await itemsOf(tx, fulfillmentId)
      for (const item of items) {
        await tx
          .update(lineItem)
          .set({ fulfilled_quantity: sql`${lineItem.fulfilled_quantity} - ${item.quantity}`, updated_at: now })
          .where(eq(lineItem.id, item.item_id))
      }
      if (env.flags.inventoryService && row.location_id) await restockItems(tx, items, row.location_id)
      await settleStatus(tx, part, partId, 'canceled')
    })
  })
}

/** `POST …/shipments` of a claim or a swap: the fulfilment leaves with its tracking numbers. */
export async function createPartShipment(
  db: Db,
  env: OrderEnv,
  part: ShippedPart,
  orderId: string,
  partId: string,
  input: AdminPostOrdersOrderClaimsClaimShipmentsReq & { no_notification?: boolean },
): Promise<void> {
  await withOrderOperation(db, orderId, `${part.name}-shipment`, async () => {
    const found = await part.require(db, orderId, partId)
    if (found.canceled_at) throw new NotAllowed(`Cannot ship a canceled ${part.name}`)
    const row = await requirePartFulfillment(db, part, partId, input.fulfillment_id)
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
      const locked = await part.require(tx, orderId, partId, true)
      await recordShipment(tx, row.id, trackingNumbers, data)
      await settleStatus(tx, part, partId)
      await emit(tx, part.events.shipmentCreated, {
        id: partId,
        fulfillment_id: row.id,
        no_notification: input.no_notification ?? locked.no_notification,
      })
    })
  })
}
