/** v1 event names (OrderService.Events) emitted by this module. */
export const ORDER_EVENTS = {
  placed: 'order.placed',
  updated: 'order.updated',
  updateTokenCreated: 'order-update-token.created',
} as const
