import type { AdminOrderView, OrderFulfillment, OrderLine } from '../components/order-model'

/** v1's claim reasons, in the order its admin lists them. */
export const CLAIM_REASONS = ['missing_item', 'wrong_item', 'production_failure', 'other'] as const
export type ClaimReason = (typeof CLAIM_REASONS)[number]
export type ClaimType = 'refund' | 'replace'

/** The parts of a claim (`expand=claims`) the order page reads. */
export interface OrderClaim {
  id: string
  type: ClaimType
  payment_status: 'na' | 'not_refunded' | 'refunded'
  fulfillment_status: string
  refund_amount?: number | null
  canceled_at?: string | Date | null
  created_at?: string | Date
  no_notification?: boolean | null
  claim_items?: {
    id: string
    item_id: string
    quantity: number
    reason: ClaimReason
    note?: string | null
    tags?: { id: string; value: string }[]
    /** The claimed line, kept when an order edit has since replaced the order's lines. */
    item?: { title: string } | null
  }[]
  additional_items?: { id: string; title: string; quantity: number }[]
  fulfillments?: OrderFulfillment[]
  shipping_methods?: { id: string; shipping_option_id?: string | null; price?: number | null }[]
}

export interface ClaimChoice {
  quantity: number
  reason: ClaimReason
}

export interface Replacement {
  variant_id: string
  title: string
  quantity: number
}

/** Units of a line claimed by the order's claims that still stand. */
function claimedQuantity(claims: readonly OrderClaim[], lineId: string): number {
  return claims
    .filter((claim) => !claim.canceled_at)
    .flatMap((claim) => claim.claim_items ?? [])
    .filter((item) => item.item_id === lineId)
    .reduce((sum, item) => sum + item.quantity, 0)
}

/** What a new claim may take of a line: fulfilled units not claimed yet (the server's own rule). */
export function claimableQuantity(line: OrderLine, claims: readonly OrderClaim[]): number {
  return Math.max(0, (line.fulfilled_quantity ?? 0) - claimedQuantity(claims, line.id))
}

/**
 * The claimed items: the chosen quantities above zero with their reason and the claim's note. Null
 * when none is chosen, or one is not a whole number up to what the line can claim.
 */
export function claimItems(
  lines: readonly OrderLine[],
  claims: readonly OrderClaim[],
  chosen: Readonly<Record<string, ClaimChoice>>,
  note: string,
): { item_id: string; quantity: number; reason: ClaimReason; note?: string }[] | null {
  const items = []
  for (const line of lines) {
    const choice = chosen[line.id]
    if (!choice || choice.quantity === 0) continue
    const valid = Number.isInteger(choice.quantity) && choice.quantity > 0
    if (!valid || choice.quantity > claimableQuantity(line, claims)) return null
    items.push({
      item_id: line.id,
      quantity: choice.quantity,
      reason: choice.reason,
      ...(note.trim() ? { note: note.trim() } : {}),
    })
  }
  return items.length > 0 ? items : null
}

/** Adds one unit of a variant to the replacements, or one more when it is there already. */
export function addReplacement(lines: readonly Replacement[], variant: { id: string; title: string }): Replacement[] {
  if (lines.some((line) => line.variant_id === variant.id)) {
    return lines.map((line) => (line.variant_id === variant.id ? { ...line, quantity: line.quantity + 1 } : line))
  }
  return [...lines, { variant_id: variant.id, title: variant.title, quantity: 1 }]
}

export interface ClaimForm {
  type: ClaimType
  /** Null refunds the claimed items' value, as the server computes it. */
  refund: number | null
  replacements: Replacement[]
  returnOptionId: string
  shippingOptionId: string
}

/** The second step's part of the request; null while a replace claim has no valid replacement. */
export function claimTerms(form: ClaimForm): Record<string, unknown> | null {
  const returned = form.returnOptionId ? { return_shipping: { option_id: form.returnOptionId } } : {}
  if (form.type === 'refund') {
    return { type: 'refund', ...(form.refund !== null ? { refund_amount: form.refund } : {}), ...returned }
  }
  const valid = form.replacements.every((line) => Number.isInteger(line.quantity) && line.quantity > 0)
  if (form.replacements.length === 0 || !valid) return null
  return {
    type: 'replace',
    additional_items: form.replacements.map(({ variant_id, quantity }) => ({ variant_id, quantity })),
    ...(form.shippingOptionId ? { shipping_methods: [{ option_id: form.shippingOptionId }] } : {}),
    ...returned,
  }
}

/** The claim's badge: canceled wins, otherwise where its replacement's delivery stands. */
export function claimStatus(claim: OrderClaim): string {
  if (claim.canceled_at) return 'canceled'
  if (claim.type === 'refund') return claim.payment_status === 'refunded' ? 'refunded' : 'not_refunded'
  return claim.fulfillment_status
}

export interface ClaimActions {
  cancel: boolean
  edit: boolean
  fulfill: boolean
  /** Fulfilments not shipped yet: each may be marked shipped or canceled. */
  ship: OrderFulfillment[]
  /** A replacement's shipping method may still be added: nothing of it has left yet. */
  addShipping: boolean
}

/** What the merchant may still do with a claim, by the server's rules. */
export function claimActions(claim: OrderClaim): ClaimActions {
  const live = (claim.fulfillments ?? []).filter((row) => !row.canceled_at)
  const open = live.filter((row) => !row.shipped_at)
  if (claim.canceled_at) return { cancel: false, edit: false, fulfill: false, ship: [], addShipping: false }
  return {
    cancel: claim.payment_status !== 'refunded' && live.length === 0,
    // The server refuses to update only a canceled claim.
    edit: true,
    fulfill:
      claim.type === 'replace' &&
      ['not_fulfilled', 'partially_fulfilled', 'canceled'].includes(claim.fulfillment_status),
    ship: open,
    addShipping: claim.type === 'replace' && ['not_fulfilled', 'canceled'].includes(claim.fulfillment_status),
  }
}

export interface ClaimItemEdit {
  id: string
  reason: ClaimReason
  note: string
  /** Comma-separated, as typed. */
  tags: string
}

export interface ClaimEditForm {
  items: ClaimItemEdit[]
  noNotification: boolean
  shippingOptionId: string
}

/** The edit form's starting values: the claim as it stands. */
export function claimEditForm(claim: OrderClaim): ClaimEditForm {
  return {
    items: (claim.claim_items ?? []).map((item) => ({
      id: item.id,
      reason: item.reason,
      note: item.note ?? '',
      tags: (item.tags ?? []).map((tag) => tag.value).join(', '),
    })),
    noNotification: Boolean(claim.no_notification),
    shippingOptionId: '',
  }
}

/** Tag values as the server keeps them: trimmed, lower-cased, once each. */
export function parseTags(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
}

/**
 * The body of `POST /admin/orders/{id}/claims/{claim_id}`: only the items that changed, the tags
 * in full (the server replaces them), the flag, and a new shipping method when one is chosen.
 */
export function claimUpdate(claim: OrderClaim, form: ClaimEditForm): Record<string, unknown> {
  const before = claimEditForm(claim)
  const items = form.items.flatMap((item) => {
    const was = before.items.find((candidate) => candidate.id === item.id)
    if (!was) return []
    const tags = parseTags(item.tags)
    const patch = {
      ...(item.reason !== was.reason ? { reason: item.reason } : {}),
      ...(item.note.trim() !== was.note ? { note: item.note.trim() } : {}),
      ...(tags.join(',') !== parseTags(was.tags).join(',') ? { tags: tags.map((value) => ({ value })) } : {}),
    }
    return Object.keys(patch).length > 0 ? [{ id: item.id, ...patch }] : []
  })
  return {
    ...(items.length > 0 ? { claim_items: items } : {}),
    ...(form.noNotification !== before.noNotification ? { no_notification: form.noNotification } : {}),
    ...(form.shippingOptionId ? { shipping_methods: [{ option_id: form.shippingOptionId }] } : {}),
  }
}

/** The order's claims as the page reads them. */
export function orderClaims(order: AdminOrderView): OrderClaim[] {
  return order.claims ?? []
}
