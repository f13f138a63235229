import { Type, type Static } from '@sinclair/typebox'
import { listPaging, listResponse } from '../../../core/list.js'
import { BaseFields, DateTime, Metadata, Nullable } from '../../../core/schemas.js'
import { SWAP_FULFILLMENT_STATUSES, SWAP_PAYMENT_STATUSES } from '../schema.js'

/** Swaps on the wire (reference/admin-api.md "Orders" `/swaps` routes and "Swaps"; store-api.md). */

const Id = Type.String({ minLength: 1, maxLength: 100 })
const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000 })
const Money = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })

const ReturnItemInput = Type.Object(
  {
    item_id: Id,
    quantity: Quantity,
    reason_id: Type.Optional(Id),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
const AdditionalItemInput = Type.Object({ variant_id: Id, quantity: Quantity }, { additionalProperties: false })

export const AdminPostOrdersOrderSwapsReq = Type.Object(
  {
    return_items: Type.Array(ReturnItemInput, { minItems: 1, maxItems: 500 }),
    additional_items: Type.Optional(Type.Array(AdditionalItemInput, { maxItems: 500 })),
    return_shipping: Type.Optional(
      Type.Object({ option_id: Id, price: Type.Optional(Money) }, { additionalProperties: false }),
    ),
    custom_shipping_options: Type.Optional(
      Type.Array(Type.Object({ option_id: Id, price: Money }, { additionalProperties: false }), { maxItems: 20 }),
    ),
    sales_channel_id: Type.Optional(Id),
    no_notification: Type.Optional(Type.Boolean()),
    return_location_id: Type.Optional(Id),
    allow_backorder: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderSwapsReq = Static<typeof AdminPostOrdersOrderSwapsReq>

export const StorePostSwapsReq = Type.Object(
  {
    order_id: Id,
    return_items: Type.Array(ReturnItemInput, { minItems: 1, maxItems: 500 }),
    additional_items: Type.Array(AdditionalItemInput, { maxItems: 500 }),
    return_shipping_option: Type.Optional(Id),
  },
  { additionalProperties: false },
)
export type StorePostSwapsReq = Static<typeof StorePostSwapsReq>

export const AdminPostOrdersSwapFulfillmentsReq = Type.Object(
  {
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    no_notification: Type.Optional(Type.Boolean()),
    location_id: Type.Optional(Id),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersSwapFulfillmentsReq = Static<typeof AdminPostOrdersSwapFulfillmentsReq>

export const AdminPostOrdersSwapShipmentsReq = Type.Object(
  {
    fulfillment_id: Id,
    tracking_numbers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })),
    no_notification: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersSwapShipmentsReq = Static<typeof AdminPostOrdersSwapShipmentsReq>

export const SwapParams = Type.Object({ id: Id, swap_id: Id })
export const SwapFulfillmentParams = Type.Object({ id: Id, swap_id: Id, fulfillment_id: Id })
export const SwapIdParams = Type.Object({ id: Id })
export const SwapCartParams = Type.Object({ cart_id: Id })

const Loose = Type.Record(Type.String(), Type.Unknown())

/** A swap (entities.md Swap) with the relations a route loads. */
export const Swap = Type.Object({
  ...BaseFields,
  fulfillment_status: Type.Unsafe<(typeof SWAP_FULFILLMENT_STATUSES)[number]>({
    type: 'string',
    enum: SWAP_FULFILLMENT_STATUSES,
  }),
  payment_status: Type.Unsafe<(typeof SWAP_PAYMENT_STATUSES)[number]>({ type: 'string', enum: SWAP_PAYMENT_STATUSES }),
  order_id: Type.String(),
  difference_due: Nullable(Type.Integer()),
  shipping_address_id: Nullable(Type.String()),
  cart_id: Nullable(Type.String()),
  confirmed_at: Nullable(DateTime),
  canceled_at: Nullable(DateTime),
  no_notification: Nullable(Type.Boolean()),
  allow_backorder: Type.Boolean(),
  idempotency_key: Nullable(Type.String()),
  metadata: Metadata,
  deleted_at: Nullable(DateTime),
  order: Type.Optional(Nullable(Loose)),
  additional_items: Type.Optional(Type.Array(Loose)),
  return_order: Type.Optional(Nullable(Loose)),
  fulfillments: Type.Optional(Type.Array(Loose)),
  payment: Type.Optional(Nullable(Loose)),
  shipping_address: Type.Optional(Nullable(Loose)),
  shipping_methods: Type.Optional(Type.Array(Loose)),
  cart: Type.Optional(Nullable(Loose)),
})
export type Swap = Static<typeof Swap>

export const swapsPaging = listPaging(50)
export const AdminGetSwapsParams = Type.Object({ ...swapsPaging.pageParams }, { additionalProperties: false })
export type AdminGetSwapsParams = Static<typeof AdminGetSwapsParams>
export const AdminSwapsListRes = listResponse('swaps', Swap)
export const SwapRes = Type.Object({ swap: Swap })
