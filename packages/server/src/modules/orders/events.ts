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
