import { Type, type Static } from '@sinclair/typebox'
import { Metadata, MetadataInput, Nullable, SoftDeletableFields } from '../../../core/schemas.js'

const ReturnReasonFields = {
  ...SoftDeletableFields,
  value: Type.String(),
  label: Type.String(),
  description: Nullable(Type.String()),
  parent_return_reason_id: Nullable(Type.String()),
  metadata: Metadata,
}

const ReturnReasonRow = Type.Object(ReturnReasonFields)

/** A return reason with its parent and its children (v1's relations on every read). */
export const ReturnReason = Type.Object({
  ...ReturnReasonFields,
  parent_return_reason: Type.Optional(Nullable(ReturnReasonRow)),
  return_reason_children: Type.Optional(Type.Array(ReturnReasonRow)),
})
export type ReturnReason = Static<typeof ReturnReason>

const Text = Type.String({ minLength: 1, maxLength: 500 })

export const AdminPostReturnReasonsReq = Type.Object(
  {
    value: Text,
    label: Text,
    parent_return_reason_id: Type.Optional(Type.String({ minLength: 1 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostReturnReasonsReq = Static<typeof AdminPostReturnReasonsReq>

export const AdminPostReturnReasonsReasonReq = Type.Object(
  {
    value: Type.Optional(Text),
    label: Type.Optional(Text),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostReturnReasonsReasonReq = Static<typeof AdminPostReturnReasonsReasonReq>

export const ReturnReasonsListRes = Type.Object({ return_reasons: Type.Array(ReturnReason) })
export const ReturnReasonsRes = Type.Object({ return_reason: ReturnReason })
