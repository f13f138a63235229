import { Type, type Static } from '@sinclair/typebox'
import { listPaging, listResponse } from '../../../core/list.js'
import { BaseFields, DateTime, Metadata, Nullable } from '../../../core/schemas.js'
import { ShippingMethod } from '../../carts/contract.js'
import { OrderFields } from '../contract.js'
import { ReturnReason } from '../return-reasons/contract.js'

export const ReturnStatus = Type.Union([
  Type.Literal('requested'),
  Type.Literal('received'),
  Type.Literal('requires_action'),
  Type.Literal('canceled'),
])

export const ReturnItem = Type.Object({
  return_id: Type.String(),
  item_id: Type.String(),
  quantity: Type.Integer(),
  is_requested: Type.Boolean(),
  requested_quantity: Nullable(Type.Integer()),
  received_quantity: Nullable(Type.Integer()),
  reason_id: Nullable(Type.String()),
  note: Nullable(Type.String()),
  metadata: Metadata,
  reason: Type.Optional(Nullable(ReturnReason)),
})

/** A return on the wire (entities.md Return) with the relations a route loads. */
export const Return = Type.Object({
  ...BaseFields,
  status: ReturnStatus,
  swap_id: Nullable(Type.String()),
  claim_order_id: Nullable(Type.String()),
  order_id: Nullable(Type.String()),
  location_id: Nullable(Type.String()),
  shipping_data: Nullable(Type.Record(Type.String(), Type.Unknown())),
  refund_amount: Type.Integer(),
  received_at: Nullable(DateTime),
  no_notification: Nullable(Type.Boolean()),
  metadata: Metadata,
  idempotency_key: Nullable(Type.String()),
  items: Type.Optional(Type.Array(ReturnItem)),
  shipping_method: Type.Optional(Nullable(ShippingMethod)),
  order: Type.Optional(Nullable(Type.Object({ ...OrderFields }))),
  /** The swap (or claim) the return belongs to, as its row; null for a plain return. */
  swap: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  claim_order: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
})
export type Return = Static<typeof Return>

const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000 })

const RequestedItem = Type.Object(
  {
    item_id: Type.String({ minLength: 1 }),
    quantity: Quantity,
    reason_id: Type.Optional(Type.String({ minLength: 1 })),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
const Items = Type.Array(RequestedItem, { minItems: 1, maxItems: 1000 })

export const AdminPostOrdersOrderReturnsReq = Type.Object(
  {
    items: Items,
    return_shipping: Type.Optional(
      Type.Object(
        { option_id: Type.String({ minLength: 1 }), price: Type.Optional(Type.Integer({ minimum: 0 })) },
        { additionalProperties: false },
      ),
    ),
    note: Type.Optional(Type.String({ maxLength: 2000 })),
    receive_now: Type.Optional(Type.Boolean()),
    no_notification: Type.Optional(Type.Boolean()),
    /** Negative counts as 0 (v1). */
    refund: Type.Optional(Type.Integer()),
    location_id: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderReturnsReq = Static<typeof AdminPostOrdersOrderReturnsReq>

export const AdminPostReturnsReturnReceiveReq = Type.Object(
  {
    items: Type.Array(
      Type.Object({ item_id: Type.String({ minLength: 1 }), quantity: Quantity }, { additionalProperties: false }),
      { minItems: 1, maxItems: 1000 },
    ),
    refund: Type.Optional(Type.Integer()),
    location_id: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
)
export type AdminPostReturnsReturnReceiveReq = Static<typeof AdminPostReturnsReturnReceiveReq>

export const returnsPaging = listPaging(50)
/** `expand` picks among the list's relations (v1 answers `order` and `swap`; `claim_order` on request). */
export const RETURN_LIST_RELATIONS = ['order', 'swap', 'claim_order'] as const
export const AdminGetReturnsParams = Type.Object(
  { ...returnsPaging.pageParams, expand: Type.Optional(Type.String()) },
  { additionalProperties: false },
)
export type AdminGetReturnsParams = Static<typeof AdminGetReturnsParams>

export const AdminReturnsListRes = listResponse('returns', Return)
export const ReturnsRes = Type.Object({ return: Return })

export const StorePostReturnsReq = Type.Object(
  {
    order_id: Type.String({ minLength: 1 }),
    items: Items,
    return_shipping: Type.Optional(
      Type.Object({ option_id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
)
export type StorePostReturnsReq = Static<typeof StorePostReturnsReq>
