import { Type, type Static, type TProperties } from '@sinclair/typebox'
import { Discount } from '../promotions/contract.js'
import { GiftCard } from '../promotions/gift-cards-contract.js'
import { FindParams } from '../../core/list.js'
import { BaseFields, DateTime, Email, Metadata, MetadataInput, Nullable } from '../../core/schemas.js'
import { ProductVariant } from '../catalog/contract.js'
import { Address, AddressPayload, Customer } from '../customers/contract.js'
import { Region } from '../regions/contract.js'
import { SalesChannel } from '../sales-channels/contract.js'
import { ShippingOption } from '../shipping/contract.js'

/** Carts on the wire (reference/store-api.md "Carts", entities.md Cart, LineItem, ShippingMethod, PaymentSession). */

const Id = Type.String({ minLength: 1, maxLength: 100 })
const Code = Type.String({ minLength: 1, maxLength: 255 })
const Data = Type.Record(Type.String(), Type.Unknown())
/** Quantities fit the integer columns that store them. */
const MAX_QUANTITY = 1_000_000

const optionalAll = <T extends TProperties>(properties: T) => Type.Partial(Type.Object(properties)).properties

/** A tax line as computed for display (no id yet) or as stored at completion. */
const TaxLineFields = {
  id: Type.Optional(Type.String()),
  rate: Type.Number(),
  name: Type.String(),
  code: Nullable(Type.String()),
  metadata: Type.Optional(Metadata),
  created_at: Type.Optional(DateTime),
  updated_at: Type.Optional(DateTime),
}

export const LineItemTaxLine = Type.Object({ ...TaxLineFields, item_id: Type.String() })
export const ShippingMethodTaxLine = Type.Object({ ...TaxLineFields, shipping_method_id: Type.String() })

export const LineItemAdjustment = Type.Object({
  id: Type.String(),
  item_id: Type.String(),
  description: Type.String(),
  discount_id: Nullable(Type.String()),
  amount: Type.Number(),
  metadata: Metadata,
})

/** Calculated per request (entities.md §2); `raw_discount_total` never reaches the wire. */
const LineItemTotals = {
  subtotal: Type.Optional(Type.Integer()),
  discount_total: Type.Optional(Type.Integer()),
  tax_total: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
  original_total: Type.Optional(Type.Integer()),
  original_tax_total: Type.Optional(Type.Integer()),
  gift_card_total: Type.Optional(Type.Integer()),
}

export const LineItem = Type.Object({
  ...BaseFields,
  cart_id: Nullable(Type.String()),
  order_id: Nullable(Type.String()),
  swap_id: Nullable(Type.String()),
  claim_order_id: Nullable(Type.String()),
  original_item_id: Nullable(Type.String()),
  order_edit_id: Nullable(Type.String()),
  title: Type.String(),
  description: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  is_return: Type.Boolean(),
  is_giftcard: Type.Boolean(),
  should_merge: Type.Boolean(),
  allow_discounts: Type.Boolean(),
  has_shipping: Nullable(Type.Boolean()),
  unit_price: Type.Integer(),
  variant_id: Nullable(Type.String()),
  quantity: Type.Integer(),
  fulfilled_quantity: Nullable(Type.Integer()),
  returned_quantity: Nullable(Type.Integer()),
  shipped_quantity: Nullable(Type.Integer()),
  includes_tax: Type.Boolean(),
  metadata: Metadata,
  variant: Type.Optional(Nullable(ProductVariant)),
  adjustments: Type.Optional(Type.Array(LineItemAdjustment)),
  tax_lines: Type.Optional(Type.Array(LineItemTaxLine)),
  ...LineItemTotals,
})

export const ShippingMethod = Type.Object({
  id: Type.String(),
  shipping_option_id: Type.String(),
  cart_id: Nullable(Type.String()),
  order_id: Nullable(Type.String()),
  claim_order_id: Nullable(Type.String()),
  swap_id: Nullable(Type.String()),
  return_id: Nullable(Type.String()),
  price: Type.Integer(),
  data: Data,
  includes_tax: Type.Boolean(),
  shipping_option: Type.Optional(Nullable(ShippingOption)),
  tax_lines: Type.Optional(Type.Array(ShippingMethodTaxLine)),
  subtotal: Type.Optional(Type.Integer()),
  tax_total: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
  original_total: Type.Optional(Type.Integer()),
  original_tax_total: Type.Optional(Type.Integer()),
})

export const PaymentSessionStatus = Type.Union([
  Type.Literal('authorized'),
  Type.Literal('pending'),
  Type.Literal('requires_more'),
  Type.Literal('error'),
  Type.Literal('canceled'),
])

export const PaymentSession = Type.Object({
  ...BaseFields,
  cart_id: Nullable(Type.String()),
  provider_id: Type.String(),
  is_selected: Nullable(Type.Boolean()),
  is_initiated: Type.Boolean(),
  status: PaymentSessionStatus,
  data: Data,
  idempotency_key: Nullable(Type.String()),
  amount: Nullable(Type.Integer()),
  payment_authorized_at: Nullable(DateTime),
})

const CartTaxRate = Type.Object({
  id: Type.String(),
  rate: Nullable(Type.Number()),
  code: Nullable(Type.String()),
  name: Type.String(),
  region_id: Type.String(),
  metadata: Metadata,
  created_at: DateTime,
  updated_at: DateTime,
})

/** The cart's region: `countries` and `payment_providers` by default, `tax_rates` on some routes. */
const CartRegion = Type.Object({ ...Region.properties, tax_rates: Type.Optional(Type.Array(CartTaxRate)) })

/** Scalar columns of a cart; `fields=` may select among them. */
export const CartFields = {
  ...BaseFields,
  deleted_at: Nullable(DateTime),
  email: Nullable(Type.String()),
  billing_address_id: Nullable(Type.String()),
  shipping_address_id: Nullable(Type.String()),
  region_id: Type.String(),
  customer_id: Nullable(Type.String()),
  payment_id: Nullable(Type.String()),
  type: Type.String(),
  completed_at: Nullable(DateTime),
  payment_authorized_at: Nullable(DateTime),
  idempotency_key: Nullable(Type.String()),
  context: Nullable(Data),
  sales_channel_id: Nullable(Type.String()),
  metadata: Metadata,
}
export const CART_FIELDS = Object.keys(CartFields)

/** The cart totals (store-api.md "CART"); always present, whatever `fields` selects. */
const CartTotals = {
  subtotal: Type.Integer(),
  discount_total: Type.Integer(),
  item_tax_total: Type.Integer(),
  shipping_total: Type.Integer(),
  shipping_tax_total: Type.Integer(),
  tax_total: Type.Integer(),
  gift_card_total: Type.Integer(),
  gift_card_tax_total: Type.Integer(),
  total: Type.Integer(),
}

export const Cart = Type.Object({
  ...optionalAll(CartFields),
  id: Type.String(),
  object: Type.Literal('cart'),
  region: Type.Optional(CartRegion),
  items: Type.Optional(Type.Array(LineItem)),
  shipping_address: Type.Optional(Nullable(Address)),
  billing_address: Type.Optional(Nullable(Address)),
  shipping_methods: Type.Optional(Type.Array(ShippingMethod)),
  payment_sessions: Type.Optional(Type.Array(PaymentSession)),
  payment_session: Type.Optional(Nullable(PaymentSession)),
  payment: Type.Optional(Type.Null()),
  customer: Type.Optional(Nullable(Customer)),
  sales_channel: Type.Optional(Nullable(SalesChannel)),
  discounts: Type.Optional(Type.Array(Discount)),
  gift_cards: Type.Optional(Type.Array(GiftCard)),
  ...CartTotals,
})

export const StoreCartsRes = Type.Object({ cart: Cart })

export const CartFindParams = Type.Object(FindParams, { additionalProperties: false })
export type CartFindParams = Static<typeof CartFindParams>

export const CartIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) })
export const CartLineParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  line_id: Type.String({ minLength: 1, maxLength: 100 }),
})
export const CartProviderParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  provider_id: Type.String({ minLength: 1, maxLength: 100 }),
})
export const CartDiscountParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.String({ minLength: 1, maxLength: 255 }),
})
export const ShippingOptionsCartParams = Type.Object({ cart_id: Type.String({ minLength: 1, maxLength: 100 }) })

const Quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY })
const CountryCode = Type.String({ minLength: 2, maxLength: 2 })
const Context = Type.Record(Type.String(), Type.Unknown())
const Codes = Type.Array(Type.Object({ code: Code }, { additionalProperties: false }), { maxItems: 100 })

export const StorePostCartReq = Type.Object(
  {
    region_id: Type.Optional(Id),
    country_code: Type.Optional(CountryCode),
    items: Type.Optional(
      Type.Array(Type.Object({ variant_id: Id, quantity: Quantity }, { additionalProperties: false }), {
        maxItems: 500,
      }),
    ),
    context: Type.Optional(Context),
    sales_channel_id: Type.Optional(Id),
  },
  { additionalProperties: false },
)
export type StorePostCartReq = Static<typeof StorePostCartReq>

/** An address object to write, or the id of one of the customer's saved addresses to copy. */
const AddressInput = Type.Union([AddressPayload, Id])

export const StorePostCartsCartReq = Type.Object(
  {
    region_id: Type.Optional(Id),
    country_code: Type.Optional(CountryCode),
    email: Type.Optional(Email),
    billing_address: Type.Optional(AddressInput),
    shipping_address: Type.Optional(AddressInput),
    gift_cards: Type.Optional(Codes),
    discounts: Type.Optional(Codes),
    customer_id: Type.Optional(Id),
    context: Type.Optional(Context),
    sales_channel_id: Type.Optional(Id),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type StorePostCartsCartReq = Static<typeof StorePostCartsCartReq>

export const StorePostCartsCartLineItemsReq = Type.Object(
  { variant_id: Id, quantity: Quantity, metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type StorePostCartsCartLineItemsReq = Static<typeof StorePostCartsCartLineItemsReq>

export const StorePostCartsCartLineItemsItemReq = Type.Object(
  { quantity: Type.Integer({ minimum: 0, maximum: MAX_QUANTITY }), metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type StorePostCartsCartLineItemsItemReq = Static<typeof StorePostCartsCartLineItemsItemReq>

export const StorePostCartsCartShippingMethodReq = Type.Object(
  { option_id: Id, data: Type.Optional(Data) },
  { additionalProperties: false },
)
export type StorePostCartsCartShippingMethodReq = Static<typeof StorePostCartsCartShippingMethodReq>

export const StorePostCartsCartPaymentSessionReq = Type.Object({ provider_id: Id }, { additionalProperties: false })
export type StorePostCartsCartPaymentSessionReq = Static<typeof StorePostCartsCartPaymentSessionReq>

export const StorePostCartsCartPaymentSessionUpdateReq = Type.Object({ data: Data }, { additionalProperties: false })
export type StorePostCartsCartPaymentSessionUpdateReq = Static<typeof StorePostCartsCartPaymentSessionUpdateReq>
