import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
import { emit } from '../../../events/outbox.js'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import type { FulfillmentData, FulfillmentProvider } from '../../../providers/fulfillment.js'
import { lineItem, shippingMethod } from '../../carts/schema.js'
import { requireLocation } from '../../inventory/locations.js'
import { fulfillLineReservations, restockVariants, withdrawVariants } from '../../inventory/reservations.js'
import { reservationItem } from '../../inventory/schema.js'
import { product, productVariant } from '../../catalog/schema.js'
import { retrieveSingleTypeProfile } from '../../shipping/profiles.js'
import { shippingOption } from '../../shipping/schema.js'
import { requireOrder } from '../admin/service.js'
import { providerFailure, withOrderOperation, type OrderEnv } from '../admin/operations.js'
import type { AdminPostOrdersOrderFulfillmentsReq, AdminPostOrdersOrderShipmentReq } from '../admin/contract.js'
import { ORDER_EVENTS } from '../events.js'
import { fulfillment, fulfillmentItem, order, trackingLink, type FulfillmentStatus } from '../schema.js'

type LineRow = typeof lineItem.$inferSelect
type FulfillmentRow = typeof fulfillment.$inferSelect

const fulfillmentFailure = (error: unknown) =>
  providerFailure(error, (message) => new NotAllowed(`The fulfillment provider failed: ${message}`))

function providerOf(env: OrderEnv, id: string): FulfillmentProvider {
  const provider = env.fulfillmentProviders.get(id)
  if (!provider) throw new NotAllowed(`The fulfillment provider ${id} is not installed`)
  return provider
}

const linesOf = (db: Db, orderId: string) =>
  db.select().from(lineItem).where(eq(lineItem.order_id, orderId)).orderBy(asc(lineItem.created_at), asc(lineItem.id))

/** The order's fulfilment status from its lines: every unit shipped, fulfilled, or some of either. */
function fulfillmentStatusOf(lines: readonly LineRow[]): FulfillmentStatus {
  const shipped = lines.reduce((sum, line) => sum + (line.shipped_quantity ?? 0), 0)
  const fulfilled = lines.reduce((sum, line) => sum + (line.fulfilled_quantity ?? 0), 0)
  const ordered = lines.reduce((sum, line) => sum + line.quantity, 0)
  if (shipped > 0)
    return lines.every((line) => (line.shipped_quantity ?? 0) >= line.quantity) ? 'shipped' : 'partially_shipped'
  if (fulfilled === 0) return 'not_fulfilled'
  return fulfilled >= ordered ? 'fulfilled' : 'partially_fulfilled'
}

/** Quantities asked per line, summed over repeats, each line of the order and within what is unfulfilled. */
function plannedItems(lines: readonly LineRow[], items: AdminPostOrdersOrderFulfillmentsReq['items']) {
  const wanted = new Map<string, number>()
  for (const item of items) wanted.set(item.item_id, (wanted.get(item.item_id) ?? 0) + item.quantity)
  return [...wanted].map(([itemId, quantity]) => {
    const line = lines.find((candidate) => candidate.id === itemId)
    if (!line) throw new InvalidData(`items: item ${itemId} is not a line of this order`)
    const unfulfilled = line.quantity - (line.fulfilled_quantity ?? 0)
    if (quantity > unfulfilled) {
      throw new NotAllowed(`items: cannot fulfill more of item ${itemId} than is unfulfilled (${unfulfilled})`)
    }
    return { line, quantity }
  })
}

interface PlannedItem {
  line: LineRow
  quantity: number
}

/** One fulfilment of a request: a shipping method's provider and the lines its profile covers. */
interface Parcel {
  id: string
  provider: FulfillmentProvider
  method: { data: Record<string, unknown> }
  items: PlannedItem[]
  data?: FulfillmentData
}

/** The order's shipping methods with their option's provider and profile, oldest first. */
const methodsOf = (db: Db, orderId: string) =>
  db
    .select({
      id: shippingMethod.id,
      data: shippingMethod.data,
      provider_id: shippingOption.provider_id,
      profile_id: shippingOption.profile_id,
    })
    .from(shippingMethod)
    .innerJoin(shippingOption, eq(shippingOption.id, shippingMethod.shipping_option_id))
    .where(eq(shippingMethod.order_id, orderId))
    .orderBy(asc(shippingMethod.id))

/** The shipping profile of each line's product (a product without one ships in its type's single profile). */
async function lineProfiles(db: Db, lines: LineRow[]): Promise<Map<string, string>> {
  const withVariant = lines.filter((line) => line.variant_id)
  if (withVariant.length === 0) return new Map()
  const rows = await db
    .select({ line_id: lineItem.id, profile_id: product.profile_id, is_giftcard: product.is_giftcard })
    .from(lineItem)
    .innerJoin(productVariant, eq(productVariant.id, lineItem.variant_id))
    .innerJoin(product, eq(product.id, productVariant.product_id))
    .where(
      inArray(
        lineItem.id,
        withVariant.map((line) => line.id),
      ),
    )
  const single = new Map<string, string>()
  const profiles = new Map<string, string>()
  for (const row of rows) {
    let profileId = row.profile_id
    if (!profileId) {
      const type = row.is_giftcard ? 'gift_card' : 'default'
      profileId = single.get(type) ?? (await retrieveSingleTypeProfile(db, type)).id
      single.set(type, profileId)
    }
    profiles.set(row.line_id, profileId)
  }
  return profiles
}

/**
 * The request's lines split between the order's shipping methods as v1 does: one method takes
 * every line; with several, each method takes the lines of its option's shipping profile, and a
 * line no method's profile covers (a custom line) goes with the first. Methods left without lines
 * book nothing.
 */
async function parcelsOf(db: Db, env: OrderEnv, orderId: string, planned: PlannedItem[]): Promise<Parcel[]> {
  const methods = await methodsOf(db, orderId)
  if (methods.length === 0) throw new NotAllowed('Cannot fulfill an order that lacks shipping methods')
  const profiles =
    methods.length > 1
      ? await lineProfiles(
          db,
          planned.map(({ line }) => line),
        )
      : new Map()
  const parcels = methods.map((method) => ({
    id: generateId('ful'),
    provider: providerOf(env, method.provider_id),
    method,
    items: [] as PlannedItem[],
  }))
  for (const item of planned) {
    const profile = profiles.get(item.line.id)
    const index = methods.findIndex((method) => method.profile_id === profile)
    parcels[Math.max(index, 0)].items.push(item)
  }
  return parcels.filter((parcel) => parcel.items.length > 0)
}

/** Cancels what the providers booked, when the request fails after booking; best effort. */
async function cancelBooked(parcels: Parcel[]): Promise<void> {
  await Promise.allSettled(
    parcels.flatMap((parcel) => (parcel.data ? [parcel.provider.cancelFulfillment(parcel.data)] : [])),
  )
}

/**
 * `POST /admin/orders/:id/fulfillment`: the lines are split between the order's shipping methods
 * by shipping profile (`parcelsOf`), and each method's provider books its part (outside any
 * transaction, under the order's operation claim); then, in one transaction, each line's fulfilled
 * quantity rises (a conditional UPDATE that never passes the ordered quantity), the units leave
 * the stock at `location_id` (inventory module), and one fulfilment per part is written, each with
 * its `order.fulfillment_created`. A refusal after the providers booked cancels the bookings.
 */
export async function createOrderFulfillment(
  db: Db,
  env: OrderEnv,
  orderId: string,
  input: AdminPostOrdersOrderFulfillmentsReq,
): Promise<void> {
  await withOrderOperation(db, orderId, 'fulfillment', async () => {
    const row = await requireOrder(db, orderId)
    if (row.status === 'canceled') throw new NotAllowed('A canceled order cannot be fulfilled')
    const planned = plannedItems(await linesOf(db, orderId), input.items)
    const parcels = await parcelsOf(db, env, orderId, planned)
    if (input.location_id) await requireLocation(db, input.location_id, 'location_id')
    try {
      for (const parcel of parcels) {
        parcel.data = await parcel.provider.createFulfillment(
          parcel.method.data,
          parcel.items.map(({ line, quantity }) => ({ ...line, quantity })),
          row,
          { id: parcel.id, order_id: orderId, location_id: input.location_id ?? null },
        )
      }
    } catch (error) {
      await cancelBooked(parcels)
      throw fulfillmentFailure(error)
    }
    try {
      await db.transaction(async (tx) => {
        const locked = await requireOrder(tx, orderId, true)
        if (locked.status === 'canceled') throw new NotAllowed('A canceled order cannot be fulfilled')
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
                sql`${lineItem.quantity} - coalesce(${lineItem.fulfilled_quantity}, 0) >= ${quantity}`,
              ),
            )
            .returning({ id: lineItem.id })
          if (raised.length === 0) {
            throw new NotAllowed(`items: cannot fulfill more of item ${line.id} than is unfulfilled`)
          }
        }
        await takeFromStock(tx, env, planned, input.location_id)
        for (const parcel of parcels) {
          await tx.insert(fulfillment).values({
            id: parcel.id,
            order_id: orderId,
            provider_id: parcel.provider.id,
            location_id: input.location_id ?? null,
            data: parcel.data!,
            no_notification: input.no_notification ?? null,
            metadata: input.metadata ?? null,
          })
          await tx
            .insert(fulfillmentItem)
            .values(
              parcel.items.map(({ line, quantity }) => ({ fulfillment_id: parcel.id, item_id: line.id, quantity })),
            )
        }
        await setFulfillmentStatus(tx, orderId)
        for (const parcel of parcels) {
          await emit(tx, ORDER_EVENTS.fulfillmentCreated, {
            id: orderId,
            fulfillment_id: parcel.id,
            no_notification: input.no_notification ?? locked.no_notification,
          })
        }
      })
    } catch (error) {
      await cancelBooked(parcels)
      throw error
    }
  })
}

/**
 * With the inventory module and a location: the fulfilled units leave the lines' reservations
 * there; a line without a reservation has its variant's stock at the location lowered instead (v1).
 */
/** A canceled fulfilment's units go back into the stock of the location they left (inventory module). */
export async function restockItems(
  tx: Db,
  items: readonly { item_id: string; quantity: number }[],
  locationId: string,
): Promise<void> {
  if (items.length === 0) return
  const lines = await tx
    .select({ id: lineItem.id, variant_id: lineItem.variant_id })
    .from(lineItem)
    .where(
      inArray(
        lineItem.id,
        items.map((item) => item.item_id),
      ),
    )
  const back = items.flatMap((item) => {
    const variantId = lines.find((line) => line.id === item.item_id)?.variant_id
    return variantId ? [{ variant_id: variantId, quantity: item.quantity }] : []
  })
  await restockVariants(tx, back, locationId)
}

export async function takeFromStock(
  tx: Db,
  env: OrderEnv,
  planned: readonly PlannedItem[],
  locationId: string | undefined,
) {
  if (!env.flags.inventoryService || !locationId) return
  const withVariant = planned.filter(({ line }) => line.variant_id)
  if (withVariant.length === 0) return
  const reserved = await tx
    .selectDistinct({ line_item_id: reservationItem.line_item_id })
    .from(reservationItem)
    .where(
      and(
        inArray(
          reservationItem.line_item_id,
          withVariant.map(({ line }) => line.id),
        ),
        isNull(reservationItem.deleted_at),
      ),
    )
  const isReserved = ({ line }: PlannedItem) => reserved.some((row) => row.line_item_id === line.id)
  const lines = withVariant
    .filter(isReserved)
    .map(({ line, quantity }) => ({ line_item_id: line.id, variant_id: line.variant_id!, quantity }))
  if (lines.length > 0) await fulfillLineReservations(tx, lines, locationId)
  const unreserved = withVariant
    .filter((item) => !isReserved(item))
    .map(({ line, quantity }) => ({ variant_id: line.variant_id!, quantity }))
  if (unreserved.length > 0) await withdrawVariants(tx, unreserved, locationId)
}

async function setFulfillmentStatus(tx: Db, orderId: string, status?: FulfillmentStatus) {
  const next = status ?? fulfillmentStatusOf(await linesOf(tx, orderId))
  await tx.update(order).set({ fulfillment_status: next, updated_at: new Date() }).where(eq(order.id, orderId))
}

async function requireOrderFulfillment(db: Db, orderId: string, fulfillmentId: string): Promise<FulfillmentRow> {
  const [row] = await db.select().from(fulfillment).where(eq(fulfillment.id, fulfillmentId)).limit(1)
  if (!row || row.order_id !== orderId) {
    throw new NotFound(`Fulfillment with id: ${fulfillmentId} was not found on order ${orderId}`)
  }
  return row
}

const itemsOf = (db: Db, fulfillmentId: string) =>
  db.select().from(fulfillmentItem).where(eq(fulfillmentItem.fulfillment_id, fulfillmentId))

/**
 * `POST /admin/orders/:id/fulfillments/:fulfillment_id/cancel`: not once shipped or canceled. The
 * provider cancels first; then the lines' fulfilled quantities go down, the units go back to the
 * fulfilment's location, and the order's `fulfillment_status` becomes `canceled` (v1).
 */
export async function cancelOrderFulfillment(db: Db, env: OrderEnv, orderId: string, fulfillmentId: string) {
  await withOrderOperation(db, orderId, 'fulfillment-cancel', async () => {
    await requireOrder(db, orderId)
    const row = await requireOrderFulfillment(db, orderId, fulfillmentId)
    if (row.shipped_at)
      throw new NotAllowed('The fulfillment has been shipped. Shipped fulfillments cannot be canceled')
    if (row.canceled_at) throw new NotAllowed('The fulfillment has already been canceled')
    try {
      await providerOf(env, row.provider_id).cancelFulfillment(row.data)
    } catch (error) {
      throw fulfillmentFailure(error)
    }
    await db.transaction(async (tx) => {
      const locked = await requireOrder(tx, orderId, true)
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
      await setFulfillmentStatus(tx, orderId, 'canceled')
      await emit(tx, ORDER_EVENTS.fulfillmentCanceled, {
        id: orderId,
        fulfillment_id: fulfillmentId,
        no_notification: locked.no_notification,
      })
    })
  })
}

/**
 * `POST /admin/orders/:id/shipment`: the fulfilment leaves with its tracking numbers. The provider
 * hears of it first; then the fulfilment's `shipped_at`, tracking links and data, the lines'
 * shipped quantities and the order's `fulfillment_status` are written together.
 */
export async function createOrderShipment(
  db: Db,
  env: OrderEnv,
  orderId: string,
  input: AdminPostOrdersOrderShipmentReq,
): Promise<void> {
  await withOrderOperation(db, orderId, 'shipment', async () => {
    const orderRow = await requireOrder(db, orderId)
    if (orderRow.status === 'canceled') throw new NotAllowed('A canceled order cannot be shipped')
    const row = await requireOrderFulfillment(db, orderId, input.fulfillment_id)
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
      const locked = await requireOrder(tx, orderId, true)
      await recordShipment(tx, row.id, trackingNumbers, data)
      await setFulfillmentStatus(tx, orderId)
      await emit(tx, ORDER_EVENTS.shipmentCreated, {
        id: orderId,
        fulfillment_id: row.id,
        no_notification: input.no_notification ?? locked.no_notification,
      })
    })
  })
}

/**
 * A fulfilment shipped, inside the caller's transaction: its tracking numbers and links, the
 * provider's data, and its lines' shipped quantities. Orders and claims ship alike.
 */
export async function recordShipment(tx: Db, fulfillmentId: string, trackingNumbers: string[], data: FulfillmentData) {
  const now = new Date()
  await tx
    .update(fulfillment)
    .set({ shipped_at: now, tracking_numbers: trackingNumbers, data, updated_at: now })
    .where(eq(fulfillment.id, fulfillmentId))
  if (trackingNumbers.length > 0) {
    await tx.insert(trackingLink).values(
      trackingNumbers.map((number) => ({
        id: generateId('tlink'),
        tracking_number: number,
        fulfillment_id: fulfillmentId,
      })),
    )
  }
  for (const item of await itemsOf(tx, fulfillmentId)) {
    await tx
      .update(lineItem)
      .set({ shipped_quantity: sql`coalesce(${lineItem.shipped_quantity}, 0) + ${item.quantity}`, updated_at: now })
      .where(eq(lineItem.id, item.item_id))
  }
}
