import { Type, type Static } from '@sinclair/typebox'
import { DateTime } from '../../../core/schemas.js'

/** What happened. More kinds will come (returns, swaps, claims); a client shows unknown ones plainly. */
export const TIMELINE_KINDS = [
  'order.placed',
  'order.canceled',
  'payment.authorized',
  'payment.captured',
  'payment.canceled',
  'fulfillment.created',
  'fulfillment.shipped',
  'fulfillment.canceled',
  'refund',
  'note',
  'notification',
] as const

export const TimelineEntry = Type.Object({
  /** `<kind>:<resource id>`, unique within the timeline. */
  id: Type.String(),
  kind: Type.Union(TIMELINE_KINDS.map((kind) => Type.Literal(kind))),
  /** When it happened. */
  created_at: DateTime,
  /** The record it comes from: the order, a payment, a fulfilment, a refund, a note, a notification. */
  resource_id: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
})
export type TimelineEntry = Static<typeof TimelineEntry>

export const AdminOrderTimelineRes = Type.Object({
  order_id: Type.String(),
  /** Oldest first. */
  timeline: Type.Array(TimelineEntry),
})
export type AdminOrderTimelineRes = Static<typeof AdminOrderTimelineRes>
