import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../../core/list.js'
import { BaseFields, DateTime, Email, Metadata, MetadataInput, Nullable } from '../../../core/schemas.js'
import { Cart, CartFields, LineItem, LineItemAdjustment } from '../../carts/contract.js'
import { AddressPayload } from '../../customers/contract.js'
import { AdminOrder } from '../admin/contract.js'

/** Draft orders on the wire (reference/admin-api.md "Draft orders", entities.md DraftOrder). */

const Id = Type.String({ minLength: 1, maxLength: 100 })
/** Quantities and prices fit the integer columns that store them. */
const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000 })
const Price = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })
const Codes = Type.Array(Type.Object({ code: Type.String({ minLength: 1, maxLength: 255 }) }), { maxItems: 100 })
/** An address object to write, or the id of one of the customer's saved addresses to copy. */
const AddressInput = Type.Union([AddressPayload, Id])

export const DraftOrderStatus = Type.Union([Type.Literal('open'), Type.Literal('completed')])

const DraftOrderFields = {
  ...BaseFields,
  status: DraftOrderStatus,
  display_id: Type.Integer(),
  cart_id: Nullable(Type.String()),
  order_id: Nullable(Type.String()),
  canceled_at: Nullable(DateTime),
  completed_at: Nullable(DateTime),
  no_notification_order: Nullable(Type.Boolean()),
  idempotency_key: Nullable(Type.String()),
  metadata: Metadata,
}

/** A list's cart: its columns and lines with their adjustments, without totals (v1's list relations). */
const ListedCart = Type.Object({
  ...Type.Partial(Type.Object(CartFields)).properties,
  id: Type.String(),
  items: Type.Array(Type.Object({ ...LineItem.properties, adjustments: Type.Array(LineItemAdjustment) })),
})

/** The placed order's own columns, on a completed draft. */
const DraftOrderOrder = Type.Object({
  id: Type.String(),
  display_id: Type.Integer(),
  status: Type.String(),
  payment_status: Type.String(),
  fulfillment_status: Type.String(),
  email: Type.String(),
  currency_code: Type.String(),
  created_at: DateTime,
})

/** One draft (single-item routes): its cart with every total and the checkout relations. */
export const DraftOrder = Type.Object({
  ...DraftOrderFields,
  cart: Nullable(Cart),
  order: Nullable(DraftOrderOrder),
})
export type DraftOrder = Static<typeof DraftOrder>

export const ListedDraftOrder = Type.Object({
  ...DraftOrderFields,
  cart: Nullable(ListedCart),
  order: Nullable(DraftOrderOrder),
})

export const draftOrdersPaging = listPaging(50)

export const AdminGetDraftOrdersParams = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(Type.Union([DraftOrderStatus, Type.Array(DraftOrderStatus, { maxItems: 2 })])),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    order: draftOrdersPaging.params.order,
    limit: draftOrdersPaging.params.limit,
    offset: draftOrdersPaging.params.offset,
  },
  { additionalProperties: false },
)
export type AdminGetDraftOrdersParams = Static<typeof AdminGetDraftOrdersParams>

export const AdminDraftOrdersListRes = listResponse('draft_orders', ListedDraftOrder)
export const AdminDraftOrdersRes = Type.Object({ draft_order: DraftOrder })
export const AdminDraftOrderDeleteRes = Type.Object({
  id: Type.String(),
  object: Type.Literal('draft-order'),
  deleted: Type.Boolean(),
})
export const AdminDraftOrderPayRes = Type.Object({ order: AdminOrder })

export const AdminDraftOrderIdParams = Type.Object({ id: Id })
export const AdminDraftOrderLineParams = Type.Object({ id: Id, line_id: Id })

/** A line: a variant (priced in the region unless `unit_price` overrides it), or a custom line. */
const DraftLineInput = Type.Object(
  {
    variant_id: Type.Optional(Id),
    unit_price: Type.Optional(Price),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    quantity: Quantity,
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type DraftLineInput = Static<typeof DraftLineInput>

export const AdminPostDraftOrdersReq = Type.Object(
  {
    email: Email,
    region_id: Id,
    shipping_methods: Type.Array(
      Type.Object(
        {
          option_id: Id,
          data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          price: Type.Optional(Price),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 20 },
    ),
    items: Type.Optional(Type.Array(DraftLineInput, { maxItems: 500 })),
    billing_address: Type.Optional(AddressInput),
    shipping_address: Type.Optional(AddressInput),
    discounts: Type.Optional(Codes),
    customer_id: Type.Optional(Id),
    no_notification_order: Type.Optional(Type.Boolean()),
    status: Type.Optional(DraftOrderStatus),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostDraftOrdersReq = Static<typeof AdminPostDraftOrdersReq>

export const AdminPostDraftOrdersDraftOrderReq = Type.Object(
  {
    region_id: Type.Optional(Id),
    country_code: Type.Optional(Type.String({ minLength: 2, maxLength: 2 })),
    email: Type.Optional(Email),
    billing_address: Type.Optional(AddressInput),
    shipping_address: Type.Optional(AddressInput),
    discounts: Type.Optional(Codes),
    customer_id: Type.Optional(Id),
    no_notification_order: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostDraftOrdersDraftOrderReq = Static<typeof AdminPostDraftOrdersDraftOrderReq>

export const AdminPostDraftOrdersDraftOrderLineItemsReq = DraftLineInput
export type AdminPostDraftOrdersDraftOrderLineItemsReq = DraftLineInput

export const AdminPostDraftOrdersDraftOrderLineItemsItemReq = Type.Object(
  {
    quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    unit_price: Type.Optional(Price),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostDraftOrdersDraftOrderLineItemsItemReq = Static<
  typeof AdminPostDraftOrdersDraftOrderLineItemsItemReq
>
