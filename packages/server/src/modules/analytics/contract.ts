import { Type, type Static } from '@sinclair/typebox'
import { SoftDeletableFields } from '../../core/schemas.js'

export const AnalyticsConfig = Type.Object({
  ...SoftDeletableFields,
  user_id: Type.String(),
  opt_out: Type.Boolean(),
  anonymize: Type.Boolean(),
})

export const AdminAnalyticsConfigRes = Type.Object({ analytics_config: AnalyticsConfig })

export const AdminPostAnalyticsConfigReq = Type.Object(
  { opt_out: Type.Boolean(), anonymize: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type AdminPostAnalyticsConfigReq = Static<typeof AdminPostAnalyticsConfigReq>

export const AdminPostAnalyticsConfigUpdateReq = Type.Object(
  { opt_out: Type.Optional(Type.Boolean()), anonymize: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type AdminPostAnalyticsConfigUpdateReq = Static<typeof AdminPostAnalyticsConfigUpdateReq>

export const AdminDeleteAnalyticsConfigRes = Type.Object({
  user_id: Type.String(),
  object: Type.Literal('analytics_config'),
  deleted: Type.Boolean(),
})
