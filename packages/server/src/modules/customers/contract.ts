import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse, StringFilter } from '../../core/list.js'
import {
  Email,
  Metadata,
  MetadataInput,
  Nullable,
  SoftDeletableFields,
  StringOrArray,
  Selectable,
} from '../../core/schemas.js'

const Text = Type.String({ maxLength: 500 })
const Name = Type.String({ maxLength: 200 })
const Phone = Type.String({ maxLength: 50 })
const Password = Type.String({ minLength: 1, maxLength: 256 })
const CountryCode = Type.String({ minLength: 2, maxLength: 2 })

export const Address = Type.Object({
  ...SoftDeletableFields,
  customer_id: Nullable(Type.String()),
  company: Nullable(Type.String()),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  address_1: Nullable(Type.String()),
  address_2: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country_code: Nullable(Type.String()),
  province: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  metadata: Metadata,
})
export type Address = Static<typeof Address>

export const CustomerGroup = Type.Object({
  ...SoftDeletableFields,
  name: Type.String(),
  metadata: Metadata,
})
export type CustomerGroup = Static<typeof CustomerGroup>

/** `password_hash` is not in the schema, so it can never reach the wire. */
const customerFields = {
  ...SoftDeletableFields,
  email: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  billing_address_id: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  has_account: Type.Boolean(),
  metadata: Metadata,
}

/**
 * An order as the orders module answers it. Customers come before orders in the module order, so
 * this schema cannot name the order's fields; it lets them all through instead.
 */
export const CustomerOrder = Type.Object({ id: Type.String() }, { additionalProperties: true })

export const Customer = Type.Object({
  ...customerFields,
  billing_address: Type.Optional(Nullable(Address)),
  shipping_addresses: Type.Optional(Type.Array(Address)),
  groups: Type.Optional(Type.Array(CustomerGroup)),
  orders: Type.Optional(Type.Array(CustomerOrder)),
})
export type Customer = Static<typeof Customer>

/** AddressPayload: every field optional; `null` clears a field. */
export const AddressPayload = Type.Object(
  {
    first_name: Type.Optional(Nullable(Name)),
    last_name: Type.Optional(Nullable(Name)),
    phone: Type.Optional(Nullable(Phone)),
    company: Type.Optional(Nullable(Text)),
    address_1: Type.Optional(Nullable(Text)),
    address_2: Type.Optional(Nullable(Text)),
    city: Type.Optional(Nullable(Text)),
    country_code: Type.Optional(Nullable(CountryCode)),
    province: Type.Optional(Nullable(Text)),
    postal_code: Type.Optional(Nullable(Text)),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AddressPayload = Static<typeof AddressPayload>

export const AddressCreatePayload = Type.Object(
  {
    first_name: Name,
    last_name: Name,
    address_1: Text,
    city: Text,
    country_code: CountryCode,
    postal_code: Text,
    phone: Type.Optional(Nullable(Phone)),
    company: Type.Optional(Nullable(Text)),
    address_2: Type.Optional(Nullable(Text)),
    province: Type.Optional(Nullable(Text)),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AddressCreatePayload = Static<typeof AddressCreatePayload>

// Store: auth

export const StorePostAuthReq = Type.Object({ email: Email, password: Password }, { additionalProperties: false })
export type StorePostAuthReq = Static<typeof StorePostAuthReq>
export const StoreAuthRes = Type.Object({ customer: Customer })
export const StoreBearerAuthRes = Type.Object({ access_token: Type.String() })
export const StoreGetAuthEmailParams = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) })
export const StoreGetAuthEmailRes = Type.Object({ exists: Type.Boolean() })

// Store: customers

export const StoreCustomersRes = Type.Object({ customer: Customer })

export const StorePostCustomersReq = Type.Object(
  {
    email: Email,
    password: Password,
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    phone: Type.Optional(Phone),
  },
  { additionalProperties: false },
)
export type StorePostCustomersReq = Static<typeof StorePostCustomersReq>

export const StorePostCustomersCustomerReq = Type.Object(
  {
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    phone: Type.Optional(Nullable(Phone)),
    email: Type.Optional(Email),
    password: Type.Optional(Password),
    // An address to create or write over the current billing address, the id of one of the
    // customer's addresses, or null to unset it.
    billing_address: Type.Optional(Nullable(Type.Union([AddressPayload, Type.String({ minLength: 1 })]))),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type StorePostCustomersCustomerReq = Static<typeof StorePostCustomersCustomerReq>

export const StorePostCustomersCustomerAddressesReq = Type.Object(
  { address: AddressCreatePayload },
  { additionalProperties: false },
)
export type StorePostCustomersCustomerAddressesReq = Static<typeof StorePostCustomersCustomerAddressesReq>

export const AddressIdParams = Type.Object({ address_id: Type.String({ minLength: 1 }) })

export const StorePostCustomersCustomerPasswordTokenReq = Type.Object({ email: Email }, { additionalProperties: false })

export const StorePostCustomersResetPasswordReq = Type.Object(
  { email: Email, token: Type.String({ minLength: 1, maxLength: 4096 }), password: Password },
  { additionalProperties: false },
)
export type StorePostCustomersResetPasswordReq = Static<typeof StorePostCustomersResetPasswordReq>

export const PaymentMethod = Type.Object({
  provider_id: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
})
export type PaymentMethod = Static<typeof PaymentMethod>
export const StoreCustomersListPaymentMethodsRes = Type.Object({ payment_methods: Type.Array(PaymentMethod) })

// Admin: customers

export const FindParamsQuery = Type.Object(FindParams, { additionalProperties: false })
export type FindParamsQuery = Static<typeof FindParamsQuery>

export const customersPaging = listPaging(50)

export const AdminGetCustomersParams = Type.Object(
  {
    ...customersPaging.params,
    q: Type.Optional(Type.String()),
    has_account: Type.Optional(Type.Boolean()),
    groups: Type.Optional(StringOrArray),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetCustomersParams = Static<typeof AdminGetCustomersParams>

export const AdminCustomersListRes = listResponse('customers', Customer)
export const AdminCustomersRes = Type.Object({ customer: Customer })

export const AdminPostCustomersReq = Type.Object(
  {
    email: Email,
    first_name: Name,
    last_name: Name,
    password: Password,
    phone: Type.Optional(Phone),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostCustomersReq = Static<typeof AdminPostCustomersReq>

const IdReference = Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false })

export const AdminPostCustomersCustomerReq = Type.Object(
  {
    email: Type.Optional(Email),
    first_name: Type.Optional(Name),
    last_name: Type.Optional(Name),
    password: Type.Optional(Password),
    phone: Type.Optional(Nullable(Phone)),
    metadata: Type.Optional(MetadataInput),
    groups: Type.Optional(Type.Array(IdReference, { maxItems: 1000 })),
  },
  { additionalProperties: false },
)
export type AdminPostCustomersCustomerReq = Static<typeof AdminPostCustomersCustomerReq>

// Admin: customer groups

export const customerGroupsPaging = listPaging(10)

export const AdminGetCustomerGroupsParams = Type.Object(
  {
    ...customerGroupsPaging.params,

    q: Type.Optional(Type.String()),
    id: Type.Optional(StringFilter),
    name: Type.Optional(StringOrArray),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetCustomerGroupsParams = Static<typeof AdminGetCustomerGroupsParams>

/** Scalar fields `fields=` may select on customer groups. */
export const CUSTOMER_GROUP_FIELDS = ['id', 'name', 'metadata', 'created_at', 'updated_at', 'deleted_at'] as const

// `customers` without their own relations.
const GroupCustomer = Type.Object(customerFields)

// `fields=` may leave any column but `id` out.
export const CustomerGroupWithRelations = Selectable(
  Type.Object({ ...CustomerGroup.properties, customers: Type.Array(GroupCustomer) }),
)

export const AdminCustomerGroupsListRes = listResponse('customer_groups', CustomerGroupWithRelations)
export const AdminCustomerGroupsRes = Type.Object({ customer_group: CustomerGroupWithRelations })

const GroupName = Type.String({ minLength: 1, maxLength: 255 })

export const AdminPostCustomerGroupsReq = Type.Object(
  { name: GroupName, metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostCustomerGroupsReq = Static<typeof AdminPostCustomerGroupsReq>

export const AdminPostCustomerGroupsGroupReq = Type.Object(
  { name: Type.Optional(GroupName), metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostCustomerGroupsGroupReq = Static<typeof AdminPostCustomerGroupsGroupReq>

/** Body of both `POST` and `DELETE /admin/customer-groups/:id/customers/batch`. */
export const AdminCustomerGroupsBatchReq = Type.Object(
  { customer_ids: Type.Array(IdReference, { maxItems: 1000 }) },
  { additionalProperties: false },
)
export type AdminCustomerGroupsBatchReq = Static<typeof AdminCustomerGroupsBatchReq>
