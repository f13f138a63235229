import type { AdminOrderView, OrderFulfillment } from '../components/order-model'

/** The parts of a swap (`expand=swaps`) the order page reads. */
export interface OrderSwap {
  id: string
  fulfillment_status: string
  payment_status: string
  difference_due?: number | null
  canceled_at?: string | Date | null
  confirmed_at?: string | Date | null
  created_at?: string | Date
  additional_items?: { id: string; title: string; quantity: number }[]
  return_order?: { id: string; status: string } | null
  fulfillments?: OrderFulfillment[]
}

export interface SwapActions {
  cancel: boolean
  fulfill: boolean
  /** Fulfilments not shipped yet: each may be marked shipped or canceled. */
  ship: OrderFulfillment[]
}

/** The swap's badge: canceled wins, otherwise where its new items' delivery stands. */
export function swapStatus(swap: OrderSwap): string {
  return swap.canceled_at ? 'canceled' : swap.fulfillment_status
}

/** What the merchant may still do with a swap, by the server's rules. */
export function swapActions(swap: OrderSwap): SwapActions {
  if (swap.canceled_at) return { cancel: false, fulfill: false, ship: [] }
  const live = (swap.fulfillments ?? []).filter((row) => !row.canceled_at)
  const refunded = ['difference_refunded', 'partially_refunded', 'refunded'].includes(swap.payment_status)
  const returnOpen = Boolean(swap.return_order && swap.return_order.status !== 'canceled')
  return {
    cancel: !refunded && live.length === 0 && !returnOpen,
    fulfill: ['not_fulfilled', 'partially_fulfilled', 'canceled'].includes(swap.fulfillment_status),
    ship: live.filter((row) => !row.shipped_at),
  }
}

/** The order's swaps as the page reads them. */
export function orderSwaps(order: AdminOrderView): OrderSwap[] {
  return order.swaps ?? []
}
