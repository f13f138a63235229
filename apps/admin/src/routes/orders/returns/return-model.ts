import type { OrderLine } from '../components/order-model'

/** Units of a line that were fulfilled and not yet returned: what a new return may take. */
export function returnableQuantity(line: OrderLine): number {
  return Math.max(0, (line.fulfilled_quantity ?? 0) - (line.returned_quantity ?? 0))
}

export interface ReturnChoice {
  quantity: number
  reason_id: string
}

/**
 * The items of a return request: the chosen quantities above zero with their reasons. Null when
 * none is chosen, or one is not a whole number up to what the line can return.
 */
export function returnItems(
  lines: readonly OrderLine[],
  chosen: Readonly<Record<string, ReturnChoice>>,
): { item_id: string; quantity: number; reason_id?: string }[] | null {
  const items = []
  for (const line of lines) {
    const choice = chosen[line.id]
    if (!choice || choice.quantity === 0) continue
    if (!Number.isInteger(choice.quantity) || choice.quantity < 0 || choice.quantity > returnableQuantity(line))
      return null
    items.push({
      item_id: line.id,
      quantity: choice.quantity,
      ...(choice.reason_id ? { reason_id: choice.reason_id } : {}),
    })
  }
  return items.length > 0 ? items : null
}

/** A return's lines as a receipt: each with the quantity typed, none above what was asked back. */
export function receiptItems(
  requested: readonly { item_id: string; quantity: number }[],
  typed: Readonly<Record<string, number>>,
): { item_id: string; quantity: number }[] | null {
  const items = requested.flatMap((item) => {
    const quantity = typed[item.item_id] ?? item.quantity
    return quantity > 0 ? [{ item_id: item.item_id, quantity }] : []
  })
  const valid = items.every((item) => {
    const asked = requested.find((other) => other.item_id === item.item_id)!
    return Number.isInteger(item.quantity) && item.quantity <= asked.quantity
  })
  return valid && items.length > 0 ? items : null
}
