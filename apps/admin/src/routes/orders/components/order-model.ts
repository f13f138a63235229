import type { BadgeTone } from '../../../components/status-badge'
import type { OrderClaim } from '../claims/claim-model'
import type { OrderSwap } from '../swaps/swap-model'

/** The parts of an admin order the screens read. */
export interface OrderLine {
  id: string
  title: string
  description?: string | null
  thumbnail?: string | null
  quantity: number
  unit_price: number
  /** Before tax and discounts, as the unit price. */
  subtotal?: number
  fulfilled_quantity?: number | null
  shipped_quantity?: number | null
  returned_quantity?: number | null
}

export interface OrderAddress {
  first_name?: string | null
  last_name?: string | null
  company?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  phone?: string | null
}

export interface OrderPayment {
  id: string
  amount: number
  amount_refunded: number
  provider_id: string
  captured_at?: string | Date | null
  canceled_at?: string | Date | null
}

export interface OrderFulfillment {
  id: string
  location_id?: string | null
  tracking_numbers: string[]
  shipped_at?: string | Date | null
  canceled_at?: string | Date | null
  created_at?: string | Date
  items?: { item_id: string; quantity: number }[]
}

export interface OrderReturn {
  id: string
  status: 'requested' | 'received' | 'requires_action' | 'canceled'
  refund_amount: number
  created_at?: string | Date
  claim_order_id?: string | null
  swap_id?: string | null
  items?: { item_id: string; quantity: number; received_quantity?: number | null; reason_id?: string | null }[]
}

export interface AdminOrderView {
  id: string
  display_id?: number
  created_at?: string | Date
  email?: string
  status?: string
  payment_status?: string
  fulfillment_status?: string
  currency_code?: string
  subtotal?: number
  shipping_total?: number
  discount_total?: number
  tax_total?: number
  total?: number
  paid_total?: number
  refunded_total?: number
  refundable_amount?: number
  items?: OrderLine[]
  payments?: OrderPayment[]
  fulfillments?: OrderFulfillment[]
  shipping_address?: OrderAddress | null
  billing_address?: OrderAddress | null
  customer?: { id: string; email: string; first_name?: string | null; last_name?: string | null } | null
  region?: { name?: string } | null
  region_id?: string
  returns?: OrderReturn[]
  claims?: OrderClaim[]
  swaps?: OrderSwap[]
}

export const ORDER_STATUSES = ['pending', 'completed', 'archived', 'canceled', 'requires_action'] as const
export const PAYMENT_STATUSES = [
  'not_paid',
  'awaiting',
  'captured',
  'partially_refunded',
  'refunded',
  'canceled',
  'requires_action',
] as const
export const FULFILLMENT_STATUSES = [
  'not_fulfilled',
  'partially_fulfilled',
  'fulfilled',
  'partially_shipped',
  'shipped',
  'partially_returned',
  'returned',
  'canceled',
  'requires_action',
] as const
export const REFUND_REASONS = ['discount', 'return', 'swap', 'claim', 'other'] as const

/** A status's colour: done is green, stopped is red, waiting on someone is amber. */
export function statusTone(status: string | undefined): BadgeTone {
  switch (status) {
    case 'completed':
    case 'captured':
    case 'shipped':
    case 'fulfilled':
      return 'success'
    case 'canceled':
    case 'refunded':
    case 'returned':
      return 'danger'
    case 'requires_action':
    case 'awaiting':
    case 'not_paid':
    case 'not_fulfilled':
      return 'warning'
    case 'archived':
      return 'neutral'
    default:
      return 'info'
  }
}

/** Units of a line not yet in a fulfilment: what a new fulfilment may take. */
export function unfulfilledQuantity(line: OrderLine): number {
  return Math.max(0, line.quantity - (line.fulfilled_quantity ?? 0))
}

/** The payments that are authorized and neither captured nor canceled. */
export function capturablePayments(order: AdminOrderView): OrderPayment[] {
  return (order.payments ?? []).filter((payment) => !payment.captured_at && !payment.canceled_at)
}

/** A fulfilment that can still be shipped or canceled. */
export function isOpenFulfillment(fulfillment: OrderFulfillment): boolean {
  return !fulfillment.shipped_at && !fulfillment.canceled_at
}

/** '1Z999, 1Z998 ,' → ['1Z999', '1Z998']: tracking numbers typed one per line or comma-separated. */
export function parseTrackingNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ]
}

/** The items of a new fulfilment: the chosen quantities above zero, none above what is left. */
export function fulfillmentItems(
  lines: readonly OrderLine[],
  chosen: Readonly<Record<string, number>>,
): { item_id: string; quantity: number }[] | null {
  const items = lines.flatMap((line) => {
    const quantity = chosen[line.id] ?? 0
    return quantity > 0 ? [{ item_id: line.id, quantity }] : []
  })
  const valid = items.every((item) => {
    const line = lines.find((candidate) => candidate.id === item.item_id)!
    return Number.isInteger(item.quantity) && item.quantity <= unfulfilledQuantity(line)
  })
  return valid && items.length > 0 ? items : null
}

export function addressName(address: OrderAddress | null | undefined): string {
  return [address?.first_name, address?.last_name].filter(Boolean).join(' ')
}
