/** The parts of an order edit (`GET /admin/order-edits`) the order page reads. */
export interface EditLine {
  id: string
  title: string
  quantity: number
  fulfilled_quantity?: number | null
  variant_id?: string | null
}

export interface OrderEditView {
  id: string
  status: 'created' | 'requested' | 'confirmed' | 'declined' | 'canceled'
  difference_due: number
  total: number
  items?: EditLine[]
  changes?: EditChange[]
}

/** One change of an edit: a line added, removed, or its quantity updated. */
export interface EditChange {
  id: string
  type: 'item_add' | 'item_remove' | 'item_update'
  line_item?: { title: string; quantity: number } | null
  original_line_item?: { title: string; quantity: number } | null
}

/** The line a change is about, as the merchant knows it: the new line, else the original. */
export function changeSubject(change: EditChange): { title: string; from?: number; to?: number } {
  const line = change.line_item ?? change.original_line_item
  return {
    title: line?.title ?? '',
    ...(change.type === 'item_update'
      ? { from: change.original_line_item?.quantity, to: change.line_item?.quantity }
      : {}),
  }
}

/** The server undoes a change only while the edit is a draft (not yet requested). */
export function canUndoChanges(edit: OrderEditView): boolean {
  return edit.status === 'created'
}

/** The order's one open edit (created or requested), if any: v1 allows no second. */
export function activeEdit(edits: readonly OrderEditView[]): OrderEditView | null {
  return edits.find((edit) => edit.status === 'created' || edit.status === 'requested') ?? null
}

/** The least a line may be set to: one, and never below what was already fulfilled. */
export function minimumQuantity(line: EditLine): number {
  return Math.max(1, line.fulfilled_quantity ?? 0)
}

/** A typed quantity the server accepts for a line, or null. */
export function validQuantity(line: EditLine, typed: number): number | null {
  return Number.isInteger(typed) && typed >= minimumQuantity(line) && typed <= 1_000_000 ? typed : null
}

/** Fulfilled lines stay: the server refuses to remove them. */
export function canRemove(line: EditLine): boolean {
  return (line.fulfilled_quantity ?? 0) === 0
}

/** How the difference reads: the customer owes more, is owed back, or nothing changes. */
export function differenceKind(edit: OrderEditView): 'owed' | 'refund' | 'even' {
  if (edit.difference_due > 0) return 'owed'
  if (edit.difference_due < 0) return 'refund'
  return 'even'
}

/** Which of Request / Confirm the edit allows: both need at least one change; requesting only once. */
export function editActions(edit: OrderEditView): { request: boolean; confirm: boolean } {
  const changed = (edit.changes ?? []).length > 0
  return { request: changed && edit.status === 'created', confirm: changed }
}
