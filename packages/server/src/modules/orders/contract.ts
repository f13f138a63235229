import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse } from '../../core/list.js'
import { BaseFields, DateTime, Email, Metadata, Nullable, StringOrArray } from '../../core/schemas.js'
import { Cart, LineItem, PaymentSessionStatus, ShippingMethod } from '../carts/contract.js'
import { Address, Customer } from '../customers/contract.js'
import { Region } from '../regions/contract.js'
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './schema.js'
import { Swap } from './swaps/contract.js'
import { Discount } from '../promotions/contract.js'

const StringEnum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: values })

export const OrderStatus = StringEnum(ORDER_STATUSES)
export const FulfillmentStatus = StringEnum(FULFILLMENT_STATUSES)
export const PaymentStatus = StringEnum(PAYMENT_STATUSES)

const optional = <T extends Record<string, TSchema>>(properties: T) => Type.Partial(Type.Object(properties)).properties

/** An order's line: the cart line it was, plus what returning it would refund. */
export const OrderLineItem = Type.Object({ ...LineItem.properties, refundable: Type.Optional(Type.Integer()) })
export const OrderShippingMethod = ShippingMethod

export const Payment = Type.Object({
  ...BaseFields,
  swap_id: Nullable(Type.String()),
  cart_id: Nullable(Type.String()),
  order_id: Nullable(Type.String()),
  amount: Type.Integer(),
  currency_code: Type.String(),
  amount_refunded: Type.Integer(),
  provider_id: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  captured_at: Nullable(DateTime),
  canceled_at: Nullable(DateTime),
  metadata: Metadata,
  idempotency_key: Nullable(Type.String()),
})
export type Payment = Static<typeof Payment>

/** The order's columns, each optional on the wire because `fields` may leave it out. */
export const OrderFields = {
  ...BaseFields,
  object: Type.Literal('order'),
  status: OrderStatus,
  fulfillment_status: FulfillmentStatus,
  payment_status: PaymentStatus,
  display_id: Type.Integer(),
  cart_id: Nullable(Type.String()),
  customer_id: Type.String(),
  email: Type.String(),
  billing_address_id: Nullable(Type.String()),
  shipping_address_id: Nullable(Type.String()),
  region_id: Type.String(),
  currency_code: Type.String(),
  tax_rate: Nullable(Type.Number()),
  draft_order_id: Nullable(Type.String()),
  canceled_at: Nullable(DateTime),
  metadata: Metadata,
  no_notification: Nullable(Type.Boolean()),
  idempotency_key: Nullable(Type.String()),
  external_id: Nullable(Type.String()),
  sales_channel_id: Nullable(Type.String()),
}

/** Computed on every order answer, whatever `fields` selects (reference/conventions.md §3). */
export const OrderTotals = {
  subtotal: Type.Integer(),
  discount_total: Type.Integer(),
  shipping_total: Type.Integer(),
  item_tax_total: Type.Integer(),
  shipping_tax_total: Type.Integer(),
  tax_total: Type.Integer(),
  gift_card_total: Type.Integer(),
  gift_card_tax_total: Type.Integer(),
  total: Type.Integer(),
  paid_total: Type.Integer(),
  refunded_total: Type.Integer(),
  refundable_amount: Type.Integer(),
}
export const ORDER_TOTAL_FIELDS = Object.keys(OrderTotals) as (keyof typeof OrderTotals)[]

export const TrackingLink = Type.Object({
  ...BaseFields,
  url: Nullable(Type.String()),
  tracking_number: Type.String(),
  fulfillment_id: Type.String(),
  idempotency_key: Nullable(Type.String()),
  metadata: Metadata,
  deleted_at: Nullable(DateTime),
})

export const FulfillmentItem = Type.Object({
  fulfillment_id: Type.String(),
  item_id: Type.String(),
  quantity: Type.Integer(),
})

export const Fulfillment = Type.Object({
  ...BaseFields,
  claim_order_id: Nullable(Type.String()),
  swap_id: Nullable(Type.String()),
  order_id: Nullable(Type.String()),
  no_notification: Nullable(Type.Boolean()),
  provider_id: Type.String(),
  location_id: Nullable(Type.String()),
  tracking_numbers: Type.Array(Type.String()),
  data: Type.Record(Type.String(), Type.Unknown()),
  shipped_at: Nullable(DateTime),
  canceled_at: Nullable(DateTime),
  metadata: Metadata,
  idempotency_key: Nullable(Type.String()),
  items: Type.Optional(Type.Array(FulfillmentItem)),
  tracking_links: Type.Optional(Type.Array(TrackingLink)),
})
export type Fulfillment = Static<typeof Fulfillment>

export const Order = Type.Object({
  ...optional(OrderFields),
  id: Type.String(),
  ...OrderTotals,
  items: Type.Optional(Type.Array(OrderLineItem)),
  shipping_methods: Type.Optional(Type.Array(OrderShippingMethod)),
  payments: Type.Optional(Type.Array(Payment)),
  shipping_address: Type.Optional(Nullable(Address)),
  billing_address: Type.Optional(Nullable(Address)),
  customer: Type.Optional(Nullable(Customer)),
  region: Type.Optional(Nullable(Region)),
  fulfillments: Type.Optional(Type.Array(Fulfillment)),
  discounts: Type.Optional(Type.Array(Discount)),
})
export type Order = Static<typeof Order>

/** Store order defaults (v1 `defaultStoreOrdersFields`); `fields` may also name the allowed extras. */
export const STORE_ORDER_FIELDS = [
  'id',
  'status',
  'fulfillment_status',
  'payment_status',
  'display_id',
  'cart_id',
  'customer_id',
  'email',
  'region_id',
  'currency_code',
  'tax_rate',
  'created_at',
] as const
export const STORE_ORDER_ALLOWED_FIELDS: readonly string[] = [
  ...STORE_ORDER_FIELDS,
  'object',
  ...ORDER_TOTAL_FIELDS,
  'items.refundable',
]

export const STORE_ORDER_RELATIONS = [
  'shipping_address',
  'fulfillments',
  'fulfillments.tracking_links',
  'items',
  'items.variant',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'customer',
  'payments',
  'region',
] as const
export const STORE_ORDER_ALLOWED_RELATIONS: readonly string[] = [...STORE_ORDER_RELATIONS, 'billing_address']

export const StoreOrderFindParams = Type.Object(FindParams, { additionalProperties: false })
export type StoreOrderFindParams = Static<typeof StoreOrderFindParams>

export const StoreOrderIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
export const StoreOrderCartIdParams = Type.Object({ cart_id: Type.String({ minLength: 1, maxLength: 100 }) })

/** Guest lookup: `shipping_address.postal_code` is validated but, as in v1, not matched. */
export const StoreGetOrdersParams = Type.Object(
  {
    display_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    email: Email,
    shipping_address: Type.Optional(
      Type.Object({ postal_code: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }),
    ),
    ...FindParams,
  },
  { additionalProperties: false },
)
export type StoreGetOrdersParams = Static<typeof StoreGetOrdersParams>

export const StoreOrdersRes = Type.Object({ order: Order })

const enumList = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Array(schema, { maxItems: 20 })])

export const customerOrdersPaging = listPaging(10)

/** `GET /store/customers/me/orders`: no `order` parameter in v1; always newest first. */
export const StoreGetCustomersCustomerOrdersParams = Type.Object(
  {
    ...customerOrdersPaging.pageParams,

    ...FindParams,
    q: Type.Optional(Type.String({ maxLength: 200 })),
    id: Type.Optional(StringOrArray),
    status: Type.Optional(enumList(OrderStatus)),
    fulfillment_status: Type.Optional(enumList(FulfillmentStatus)),
    payment_status: Type.Optional(enumList(PaymentStatus)),
    display_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    cart_id: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    region_id: Type.Optional(Type.String()),
    currency_code: Type.Optional(Type.String()),
    tax_rate: Type.Optional(Type.Number()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    canceled_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type StoreGetCustomersCustomerOrdersParams = Static<typeof StoreGetCustomersCustomerOrdersParams>

export const StoreCustomersListOrdersRes = listResponse('orders', Order)

export const StorePostCustomersCustomerOrderClaimReq = Type.Object(
  { order_ids: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }) },
  { additionalProperties: false },
)
export type StorePostCustomersCustomerOrderClaimReq = Static<typeof StorePostCustomersCustomerOrderClaimReq>

export const StorePostCustomersCustomerAcceptClaimReq = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4000 }) },
  { additionalProperties: false },
)
export type StorePostCustomersCustomerAcceptClaimReq = Static<typeof StorePostCustomersCustomerAcceptClaimReq>

/** `POST /store/carts/:id/complete`: the order, or the cart when its payment needs more action. */
export const StorePostCartsCartCompleteRes = Type.Union([
  Type.Object({ type: Type.Literal('order'), data: Order }),
  Type.Object({ type: Type.Literal('cart'), data: Cart, payment_status: PaymentSessionStatus }),
  Type.Object({ type: Type.Literal('swap'), data: Swap }),
])

/** The 409 of a completion that ran out of stock (v1's `errors` envelope). */
export const StorePostCartsCartCompleteConflictRes = Type.Object({
  errors: Type.Array(Type.Object({ message: Type.String(), type: Type.String(), code: Type.Optional(Type.String()) })),
})
