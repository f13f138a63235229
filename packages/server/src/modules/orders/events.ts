/** v1 event names (OrderService.Events) emitted by this module. */
export const ORDER_EVENTS = {
  placed: 'order.placed',
  updated: 'order.updated',
  paymentCaptured: 'order.payment_captured',
  fulfillmentCreated: 'order.fulfillment_created',
  fulfillmentCanceled: 'order.fulfillment_canceled',
  shipmentCreated: 'order.shipment_created',
  refundCreated: 'order.refund_created',
  canceled: 'order.canceled',
  completed: 'order.completed',
  updateTokenCreated: 'order-update-token.created',
} as const

/** v1 event names (OrderEditService.Events). */
export const ORDER_EDIT_EVENTS = {
  created: 'order-edit.created',
  updated: 'order-edit.updated',
  requested: 'order-edit.requested',
  confirmed: 'order-edit.confirmed',
  declined: 'order-edit.declined',
  canceled: 'order-edit.canceled',
} as const

/** v1 event names (ClaimService.Events). */
export const CLAIM_EVENTS = {
  created: 'claim.created',
  updated: 'claim.updated',
  canceled: 'claim.canceled',
  fulfillmentCreated: 'claim.fulfillment_created',
  shipmentCreated: 'claim.shipment_created',
  refundProcessed: 'claim.refund_processed',
} as const

/** v1 event names (SwapService.Events). */
export const SWAP_EVENTS = {
  created: 'swap.created',
  received: 'swap.received',
  shipmentCreated: 'swap.shipment_created',
  paymentCompleted: 'swap.payment_completed',
  paymentCaptured: 'swap.payment_captured',
  paymentCaptureFailed: 'swap.payment_capture_failed',
  refundProcessed: 'swap.refund_processed',
  processRefundFailed: 'swap.process_refund_failed',
  fulfillmentCreated: 'swap.fulfillment_created',
} as const
