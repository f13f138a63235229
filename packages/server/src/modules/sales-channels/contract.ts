import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../core/list.js'
import {
  BaseFields,
  DateTime,
  Metadata,
  Nullable,
  Selectable,
  SoftDeletableFields,
  StringOrArray,
} from '../../core/schemas.js'

const Name = Type.String({ minLength: 1, maxLength: 255 })
const Description = Type.String({ maxLength: 5000 })

export const SalesChannel = Type.Object({
  ...SoftDeletableFields,
  name: Type.String(),
  description: Nullable(Type.String()),
  is_disabled: Type.Boolean(),
  metadata: Metadata,
})
export type SalesChannel = Static<typeof SalesChannel>

/** Scalar fields `fields=` may select on the list route. */
export const SALES_CHANNEL_FIELDS = [
  'id',
  'name',
  'description',
  'is_disabled',
  'metadata',
  'created_at',
  'updated_at',
  'deleted_at',
] as const

export const salesChannelsPaging = listPaging(20)

export const AdminGetSalesChannelsParams = Type.Object(
  {
    ...salesChannelsPaging.params,
    id: Type.Optional(StringOrArray),
    q: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetSalesChannelsParams = Static<typeof AdminGetSalesChannelsParams>

// `fields=` may leave any column but `id` and `created_at` out of a list item.
export const AdminSalesChannelsListRes = listResponse('sales_channels', Selectable(SalesChannel))
export const AdminSalesChannelsRes = Type.Object({ sales_channel: SalesChannel })

export const AdminPostSalesChannelsReq = Type.Object(
  {
    name: Name,
    description: Type.Optional(Nullable(Description)),
    is_disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostSalesChannelsReq = Static<typeof AdminPostSalesChannelsReq>

export const AdminPostSalesChannelsSalesChannelReq = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Nullable(Description)),
    is_disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type AdminPostSalesChannelsSalesChannelReq = Static<typeof AdminPostSalesChannelsSalesChannelReq>

export const PublishableApiKey = Type.Object({
  ...BaseFields,
  title: Type.String(),
  created_by: Nullable(Type.String()),
  revoked_by: Nullable(Type.String()),
  revoked_at: Nullable(DateTime),
})
export type PublishableApiKey = Static<typeof PublishableApiKey>

export const PUBLISHABLE_API_KEY_FIELDS = [
  'id',
  'title',
  'created_by',
  'revoked_by',
  'revoked_at',
  'created_at',
  'updated_at',
] as const

export const publishableApiKeysPaging = listPaging(20)

export const GetPublishableApiKeysParams = Type.Object(
  {
    ...publishableApiKeysPaging.params,

    q: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    revoked_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type GetPublishableApiKeysParams = Static<typeof GetPublishableApiKeysParams>

export const AdminPublishableApiKeysListRes = listResponse('publishable_api_keys', Selectable(PublishableApiKey))
export const AdminPublishableApiKeysRes = Type.Object({ publishable_api_key: PublishableApiKey })

const Title = Type.String({ minLength: 1, maxLength: 255 })

export const AdminPostPublishableApiKeysReq = Type.Object({ title: Title }, { additionalProperties: false })
export type AdminPostPublishableApiKeysReq = Static<typeof AdminPostPublishableApiKeysReq>

export const AdminPostPublishableApiKeysPublishableApiKeyReq = Type.Object(
  { title: Type.Optional(Title) },
  { additionalProperties: false },
)
export type AdminPostPublishableApiKeysPublishableApiKeyReq = Static<
  typeof AdminPostPublishableApiKeysPublishableApiKeyReq
>

export const GetPublishableApiKeySalesChannelsParams = Type.Object(
  { q: Type.Optional(Type.String()) },
  { additionalProperties: false },
)

export const AdminPublishableApiKeysListSalesChannelsRes = Type.Object({ sales_channels: Type.Array(SalesChannel) })

/** Body of both `POST` and `DELETE /admin/publishable-api-keys/:id/sales-channels/batch`. */
export const AdminPublishableApiKeySalesChannelsBatchReq = Type.Object(
  {
    sales_channel_ids: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false }), {
      maxItems: 1000,
    }),
  },
  { additionalProperties: false },
)
export type AdminPublishableApiKeySalesChannelsBatchReq = Static<typeof AdminPublishableApiKeySalesChannelsBatchReq>

export const AdminSalesChannelProductsBatchReq = Type.Object(
  {
    product_ids: Type.Array(
      Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
      { maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
)
export type AdminSalesChannelProductsBatchReq = Static<typeof AdminSalesChannelProductsBatchReq>
