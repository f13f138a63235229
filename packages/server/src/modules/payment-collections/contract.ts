import { Type, type Static } from '@sinclair/typebox'
import { FindParams } from '../../core/list.js'
import { DateTime, Metadata, MetadataInput, Nullable } from '../../core/schemas.js'
import { PaymentSession } from '../carts/contract.js'
import { Payment } from '../orders/contract.js'
import { Region } from '../regions/contract.js'
import { Currency } from '../store/contract.js'

/** Payment collections on the wire (reference/store-api.md and admin-api.md "Payment collections"). */

export const PaymentCollectionStatus = Type.Union([
  Type.Literal('not_paid'),
  Type.Literal('awaiting'),
  Type.Literal('authorized'),
  Type.Literal('partially_authorized'),
  Type.Literal('canceled'),
])

/** Scalar fields `fields=` may select. */
export const PAYMENT_COLLECTION_FIELDS = [
  'id',
  'type',
  'status',
  'description',
  'amount',
  'authorized_amount',
  'region_id',
  'currency_code',
  'metadata',
  'created_by',
  'created_at',
  'updated_at',
  'deleted_at',
] as const

/** The `expand` allow-list. */
export const PAYMENT_COLLECTION_RELATIONS = ['region', 'currency', 'payment_sessions', 'payments'] as const
export type PaymentCollectionRelation = (typeof PAYMENT_COLLECTION_RELATIONS)[number]

export const STORE_PAYMENT_COLLECTION_RELATIONS: PaymentCollectionRelation[] = ['region', 'payment_sessions']
export const ADMIN_PAYMENT_COLLECTION_RELATIONS: PaymentCollectionRelation[] = [
  'region',
  'payment_sessions',
  'payments',
]

/** Every scalar is optional on the wire because `fields` may leave it out. */
export const PaymentCollection = Type.Object({
  id: Type.String(),
  type: Type.Optional(Type.Literal('order_edit')),
  status: Type.Optional(PaymentCollectionStatus),
  description: Type.Optional(Nullable(Type.String())),
  amount: Type.Optional(Type.Integer()),
  authorized_amount: Type.Optional(Nullable(Type.Integer())),
  region_id: Type.Optional(Type.String()),
  currency_code: Type.Optional(Type.String()),
  metadata: Type.Optional(Metadata),
  created_by: Type.Optional(Type.String()),
  created_at: Type.Optional(DateTime),
  updated_at: Type.Optional(DateTime),
  deleted_at: Type.Optional(Nullable(DateTime)),
  region: Type.Optional(Region),
  currency: Type.Optional(Currency),
  payment_sessions: Type.Optional(Type.Array(PaymentSession)),
  payments: Type.Optional(Type.Array(Payment)),
})
export type PaymentCollection = Static<typeof PaymentCollection>

export const PaymentCollectionRes = Type.Object({ payment_collection: PaymentCollection })
export const PaymentSessionRes = Type.Object({ payment_session: PaymentSession })

export const GetPaymentCollectionParams = Type.Object({ ...FindParams }, { additionalProperties: false })
export type GetPaymentCollectionParams = Static<typeof GetPaymentCollectionParams>

export const SessionParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  session_id: Type.String({ minLength: 1 }),
})

const ProviderId = Type.String({ minLength: 1, maxLength: 255 })

export const StorePostPaymentCollectionsSessionReq = Type.Object(
  { provider_id: ProviderId },
  { additionalProperties: false },
)

export const SessionInput = Type.Object(
  {
    provider_id: ProviderId,
    amount: Type.Integer({ minimum: 0 }),
    session_id: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
)
export type SessionInput = Static<typeof SessionInput>

export const StorePostPaymentCollectionsBatchSessionsReq = Type.Object(
  { sessions: Type.Array(SessionInput, { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
)

export const StorePostPaymentCollectionsBatchSessionsAuthorizeReq = Type.Object(
  { session_ids: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 50 }) },
  { additionalProperties: false },
)

export const AdminUpdatePaymentCollectionsReq = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminUpdatePaymentCollectionsReq = Static<typeof AdminUpdatePaymentCollectionsReq>
