import { Type, type Static } from '@sinclair/typebox'
import { FindParams, listPaging, listResponse } from '../../../core/list.js'
import { BaseFields, DateTime, Metadata, MetadataInput, Nullable } from '../../../core/schemas.js'
import { LineItem } from '../../carts/contract.js'
import { ORDER_ITEM_CHANGE_TYPES } from '../schema.js'

/** Order edits on the wire (reference/admin-api.md and store-api.md "Order edits"). */

export const OrderEditStatus = Type.Union(
  ['created', 'requested', 'confirmed', 'declined', 'canceled'].map((value) => Type.Literal(value)),
)
export type OrderEditStatus = 'created' | 'requested' | 'confirmed' | 'declined' | 'canceled'

/** The payment collection of an edit, as the payment-collections module answers it. */
const EditPaymentCollection = Type.Object({
  ...BaseFields,
  type: Type.String(),
  status: Type.String(),
  description: Nullable(Type.String()),
  amount: Type.Integer(),
  authorized_amount: Nullable(Type.Integer()),
  region_id: Type.String(),
  currency_code: Type.String(),
  metadata: Metadata,
  created_by: Type.String(),
})

export const OrderItemChange = Type.Object({
  ...BaseFields,
  type: Type.Unsafe<(typeof ORDER_ITEM_CHANGE_TYPES)[number]>({ type: 'string', enum: ORDER_ITEM_CHANGE_TYPES }),
  order_edit_id: Type.String(),
  original_line_item_id: Nullable(Type.String()),
  line_item_id: Nullable(Type.String()),
  deleted_at: Nullable(DateTime),
  line_item: Type.Optional(Nullable(LineItem)),
  original_line_item: Type.Optional(Nullable(LineItem)),
})

const optional = Type.Optional

export const OrderEdit = Type.Object({
  id: Type.String(),
  order_id: optional(Type.String()),
  internal_note: optional(Nullable(Type.String())),
  created_by: optional(Type.String()),
  requested_by: optional(Nullable(Type.String())),
  requested_at: optional(Nullable(DateTime)),
  confirmed_by: optional(Nullable(Type.String())),
  confirmed_at: optional(Nullable(DateTime)),
  declined_by: optional(Nullable(Type.String())),
  declined_reason: optional(Nullable(Type.String())),
  declined_at: optional(Nullable(DateTime)),
  canceled_by: optional(Nullable(Type.String())),
  canceled_at: optional(Nullable(DateTime)),
  payment_collection_id: optional(Nullable(Type.String())),
  created_at: optional(DateTime),
  updated_at: optional(DateTime),
  status: OrderEditStatus,
  subtotal: Type.Integer(),
  discount_total: Type.Integer(),
  shipping_total: Type.Integer(),
  gift_card_total: Type.Integer(),
  gift_card_tax_total: Type.Integer(),
  tax_total: Type.Integer(),
  total: Type.Integer(),
  difference_due: Type.Integer(),
  items: optional(Type.Array(LineItem)),
  changes: optional(Type.Array(OrderItemChange)),
  payment_collection: optional(Nullable(EditPaymentCollection)),
})
export type OrderEdit = Static<typeof OrderEdit>

/** Scalar fields `fields=` may select (totals and status are always answered). */
export const ORDER_EDIT_FIELDS = [
  'id',
  'order_id',
  'internal_note',
  'created_by',
  'requested_by',
  'requested_at',
  'confirmed_by',
  'confirmed_at',
  'declined_by',
  'declined_reason',
  'declined_at',
  'canceled_by',
  'canceled_at',
  'payment_collection_id',
  'created_at',
  'updated_at',
] as const

/** The customer does not see who on the staff made, confirmed or canceled the edit, nor its note. */
export const STORE_ORDER_EDIT_FIELDS = ORDER_EDIT_FIELDS.filter(
  (field) => !['internal_note', 'created_by', 'confirmed_by', 'canceled_by', 'updated_at'].includes(field),
)

export const ORDER_EDIT_RELATIONS = [
  'changes',
  'changes.line_item',
  'changes.line_item.variant',
  'changes.original_line_item',
  'changes.original_line_item.variant',
  'items',
  'items.variant',
  'items.adjustments',
  'items.tax_lines',
  'payment_collection',
] as const
export type OrderEditRelation = (typeof ORDER_EDIT_RELATIONS)[number]

export const OrderEditRes = Type.Object({ order_edit: OrderEdit })
export const OrderEditFindParams = Type.Object(FindParams, { additionalProperties: false })
export type OrderEditFindParams = Static<typeof OrderEditFindParams>

export const orderEditsPaging = listPaging(20)
export const AdminGetOrderEditsParams = Type.Object(
  {
    ...orderEditsPaging.params,
    q: Type.Optional(Type.String({ maxLength: 1000 })),
    order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
)
export type AdminGetOrderEditsParams = Static<typeof AdminGetOrderEditsParams>
export const AdminOrderEditsListRes = listResponse('order_edits', OrderEdit)

const Id = Type.String({ minLength: 1, maxLength: 100 })
export const OrderEditIdParams = Type.Object({ id: Id })
export const OrderEditItemParams = Type.Object({ id: Id, item_id: Id })
export const OrderEditChangeParams = Type.Object({ id: Id, change_id: Id })

export const AdminPostOrderEditsReq = Type.Object(
  {
    order_id: Id,
    internal_note: Type.Optional(Type.String({ maxLength: 10_000 })),
    /** Accepted and ignored: the signed-in user made the edit. */
    created_by: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
)
export type AdminPostOrderEditsReq = Static<typeof AdminPostOrderEditsReq>

export const AdminPostOrderEditsEditReq = Type.Object(
  { internal_note: Type.Optional(Type.String({ maxLength: 10_000 })) },
  { additionalProperties: false },
)

const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000 })

export const AdminPostOrderEditsEditLineItemsReq = Type.Object(
  { variant_id: Id, quantity: Quantity, metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostOrderEditsEditLineItemsReq = Static<typeof AdminPostOrderEditsEditLineItemsReq>

export const AdminPostOrderEditsEditLineItemsLineItemReq = Type.Object(
  { quantity: Quantity },
  { additionalProperties: false },
)

export const AdminPostOrderEditsRequestConfirmationReq = Type.Object(
  { payment_collection_description: Type.Optional(Type.String({ maxLength: 1000 })) },
  { additionalProperties: false },
)

export const StorePostOrderEditsOrderEditDecline = Type.Object(
  { declined_reason: Type.Optional(Type.String({ maxLength: 10_000 })) },
  { additionalProperties: false },
)

export const OrderEditDeleteRes = Type.Object({
  id: Type.String(),
  object: Type.Literal('order_edit'),
  deleted: Type.Boolean(),
})
export const OrderItemChangeDeleteRes = Type.Object({
  id: Type.String(),
  object: Type.Literal('item_change'),
  deleted: Type.Boolean(),
})
