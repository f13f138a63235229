/** v1 event names of returns (OrderService.Events), with the order's id as `id`. */
export const RETURN_EVENTS = {
  returnRequested: 'order.return_requested',
  itemsReturned: 'order.items_returned',
  returnActionRequired: 'order.return_action_required',
} as const
