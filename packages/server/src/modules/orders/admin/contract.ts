import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse } from '../../../core/list.js'
import { AddressPayload } from '../../customers/contract.js'
import { BaseFields, Metadata, MetadataInput, Nullable, StringOrArray } from '../../../core/schemas.js'
import { Address, Customer } from '../../customers/contract.js'
import { Region } from '../../regions/contract.js'
import { SalesChannel } from '../../sales-channels/contract.js'
import { Reservation } from '../../inventory/contract.js'
import {
  Fulfillment,
  FulfillmentStatus,
  OrderFields,
  OrderLineItem,
  OrderShippingMethod,
  OrderStatus,
  OrderTotals,
  Payment,
  PaymentStatus,
} from '../contract.js'
import { Return } from '../returns/contract.js'
import { Discount } from '../../promotions/contract.js'
import { GiftCard, GiftCardTransaction } from '../../promotions/gift-cards-contract.js'
import { REFUND_REASONS } from '../schema.js'

const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: values })
const Id = Type.String({ minLength: 1, maxLength: 100 })
const optional = <T extends Record<string, TSchema>>(properties: T) => Type.Partial(Type.Object(properties)).properties

export const RefundReason = StringEnum(REFUND_REASONS)

export const Refund = Type.Object({
  ...BaseFields,
  order_id: Nullable(Type.String()),
  payment_id: Nullable(Type.String()),
  amount: Type.Integer(),
  note: Nullable(Type.String()),
  reason: RefundReason,
  metadata: Metadata,
  idempotency_key: Nullable(Type.String()),
})
export type Refund = Static<typeof Refund>

/** Relations answered as loosely typed lists (swaps, claims). */
const Unmodelled = Type.Array(Type.Record(Type.String(), Type.Unknown()))

/** An admin order: the selected fields, the totals when asked for, the expanded relations. */
export const AdminOrder = Type.Object({
  ...optional(OrderFields),
  id: Type.String(),
  ...optional(OrderTotals),
  items: Type.Optional(Type.Array(OrderLineItem)),
  shipping_methods: Type.Optional(Type.Array(OrderShippingMethod)),
  payments: Type.Optional(Type.Array(Payment)),
  refunds: Type.Optional(Type.Array(Refund)),
  fulfillments: Type.Optional(Type.Array(Fulfillment)),
  shipping_address: Type.Optional(Nullable(Address)),
  billing_address: Type.Optional(Nullable(Address)),
  customer: Type.Optional(Nullable(Customer)),
  region: Type.Optional(Nullable(Region)),
  sales_channel: Type.Optional(Nullable(SalesChannel)),
  discounts: Type.Optional(Type.Array(Discount)),
  gift_cards: Type.Optional(Type.Array(GiftCard)),
  gift_card_transactions: Type.Optional(Type.Array(GiftCardTransaction)),
  returns: Type.Optional(Type.Array(Return)),
  swaps: Type.Optional(Unmodelled),
  claims: Type.Optional(Unmodelled),
  /** Only with `expand=returnable_items` on `GET /admin/orders/:id` and `POST …/swaps` (v1 include). */
  returnable_items: Type.Optional(Type.Array(OrderLineItem)),
})
export type AdminOrder = Static<typeof AdminOrder>

/** v1 `defaultAdminOrdersFields` (totals included), with the sales channel's id. */
export const ADMIN_ORDER_FIELDS = [
  'id',
  'status',
  'fulfillment_status',
  'payment_status',
  'display_id',
  'cart_id',
  'draft_order_id',
  'customer_id',
  'email',
  'region_id',
  'currency_code',
  'tax_rate',
  'canceled_at',
  'created_at',
  'updated_at',
  'metadata',
  'no_notification',
  'sales_channel_id',
  ...(Object.keys(OrderTotals) as (keyof typeof OrderTotals)[]),
] as const
export const ADMIN_ORDER_ALLOWED_FIELDS: readonly string[] = [
  ...ADMIN_ORDER_FIELDS,
  'object',
  'billing_address_id',
  'shipping_address_id',
  'idempotency_key',
  'external_id',
  'items.refundable',
]

/** v1 `defaultAdminOrdersRelations` less what has no tables yet, with the sales channel. */
export const ADMIN_ORDER_RELATIONS = [
  'billing_address',
  'customer',
  'discounts',
  'discounts.rule',
  'fulfillments',
  'fulfillments.items',
  'fulfillments.tracking_links',
  'gift_card_transactions',
  'gift_cards',
  'items',
  'payments',
  'refunds',
  'region',
  'returns',
  'shipping_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'shipping_methods.tax_lines',
  'swaps',
  'claims',
  'sales_channel',
] as const
export const ADMIN_ORDER_ALLOWED_RELATIONS: readonly string[] = [
  ...ADMIN_ORDER_RELATIONS,
  'gift_card_transactions.gift_card',
  'items.variant',
  'items.tax_lines',
  'items.adjustments',
  'returns.items',
  'returns.items.reason',
  'returns.shipping_method',
  'returns.shipping_method.tax_lines',
]

const enumList = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Array(schema, { maxItems: 20 })])

export const adminOrdersPaging = listPaging(50)
export const orderReservationsPaging = listPaging(20)

export const AdminGetOrdersParams = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    id: Type.Optional(StringOrArray),
    status: Type.Optional(enumList(OrderStatus)),
    fulfillment_status: Type.Optional(enumList(FulfillmentStatus)),
    payment_status: Type.Optional(enumList(PaymentStatus)),
    display_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    cart_id: Type.Optional(Id),
    customer_id: Type.Optional(Id),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    region_id: Type.Optional(StringOrArray),
    currency_code: Type.Optional(Type.String({ maxLength: 3 })),
    tax_rate: Type.Optional(Type.Number()),
    sales_channel_id: Type.Optional(StringOrArray),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    canceled_at: Type.Optional(DateComparison),
    ...adminOrdersPaging.params,
  },
  { additionalProperties: false },
)
export type AdminGetOrdersParams = Static<typeof AdminGetOrdersParams>

/** The list's filters without paging: what an order export selects by (`filterable_fields`). */
export const AdminOrderFilters = Type.Omit(AdminGetOrdersParams, ['limit', 'offset', 'order', 'fields', 'expand'], {
  additionalProperties: false,
})
export type AdminOrderFilters = Static<typeof AdminOrderFilters>

export const AdminOrderFindParams = Type.Object(FindParams, { additionalProperties: false })
export type AdminOrderFindParams = Static<typeof AdminOrderFindParams>

export const AdminOrdersRes = Type.Object({ order: AdminOrder })
export const AdminOrdersListRes = listResponse('orders', AdminOrder)

export const AdminOrderIdParams = Type.Object({ id: Id })
export const AdminOrderFulfillmentParams = Type.Object({ id: Id, fulfillment_id: Id })
export const AdminOrderLineItemParams = Type.Object({ id: Id, line_item_id: Id })

/** `POST /admin/orders/:id`: what may change after placement (items and payment are not modelled here). */
export const AdminPostOrdersOrderReq = Type.Object(
  {
    email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
    billing_address: Type.Optional(AddressPayload),
    shipping_address: Type.Optional(AddressPayload),
    no_notification: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderReq = Static<typeof AdminPostOrdersOrderReq>

export const AdminPostOrdersOrderRefundsReq = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    reason: RefundReason,
    note: Type.Optional(Type.String({ maxLength: 2000 })),
    no_notification: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderRefundsReq = Static<typeof AdminPostOrdersOrderRefundsReq>

export const AdminPostOrdersOrderFulfillmentsReq = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { item_id: Id, quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
    location_id: Type.Optional(Id),
    no_notification: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderFulfillmentsReq = Static<typeof AdminPostOrdersOrderFulfillmentsReq>

export const AdminPostOrdersOrderShipmentReq = Type.Object(
  {
    fulfillment_id: Id,
    tracking_numbers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })),
    no_notification: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderShipmentReq = Static<typeof AdminPostOrdersOrderShipmentReq>

export const AdminPostOrdersOrderShippingMethodsReq = Type.Object(
  {
    option_id: Id,
    price: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    data: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderShippingMethodsReq = Static<typeof AdminPostOrdersOrderShippingMethodsReq>

export const AdminGetOrdersOrderReservationsParams = Type.Object(
  { ...orderReservationsPaging.pageParams, order: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  { additionalProperties: false },
)
export type AdminGetOrdersOrderReservationsParams = Static<typeof AdminGetOrdersOrderReservationsParams>

/** v1 1.20.11 validates this body with no decorators: any property is refused, only `{}` passes. */
export const AdminPostOrdersOrderLineItemReservationReq = Type.Object({}, { additionalProperties: false })

export const AdminReservationsRes = Type.Object({ reservation: Reservation })
export const AdminOrderReservationsListRes = listResponse('reservations', Reservation)

// --- Payments ---------------------------------------------------------------------------------

export const AdminPaymentIdParams = Type.Object({ id: Id })
export const AdminPaymentFindParams = Type.Object(FindParams, { additionalProperties: false })
export const AdminPaymentRes = Type.Object({ payment: Payment })
export const AdminPostPaymentRefundsReq = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    reason: RefundReason,
    note: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
)
export type AdminPostPaymentRefundsReq = Static<typeof AdminPostPaymentRefundsReq>
export const AdminRefundRes = Type.Object({ refund: Refund })
