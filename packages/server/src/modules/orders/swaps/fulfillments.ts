import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import type { ShippedPart } from '../claims/fulfillments.js'
import { SWAP_EVENTS } from '../events.js'
import { swap, type FulfillmentStatus, type SwapFulfillmentStatus } from '../schema.js'
import { requireSwap, swapLines } from './service.js'

/** A swap has no `partially_fulfilled` (entities.md SwapFulfillmentStatus): all its items go at once. */
const swapStatus = (status: FulfillmentStatus): SwapFulfillmentStatus =>
  status === 'partially_fulfilled' ? 'fulfilled' : (status as SwapFulfillmentStatus)

/** A swap's additional items ship like a claim's replacements (claims/fulfillments.ts). */
export const SWAP_PART: ShippedPart = {
  name: 'swap',
  column: 'swap_id',
  require: (db, orderId, id, lock) => requireSwap(db, id, orderId, lock),
  refuseFulfillment: (row) =>
    row.confirmed_at ? undefined : "Cannot fulfill a swap that hasn't been confirmed by the customer",
  lines: swapLines,
  setStatus: (tx: Db, id, status) =>
    tx
      .update(swap)
      .set({ fulfillment_status: swapStatus(status), updated_at: new Date() })
      .where(eq(swap.id, id)),
  events: { fulfillmentCreated: SWAP_EVENTS.fulfillmentCreated, shipmentCreated: SWAP_EVENTS.shipmentCreated },
}
