import { Type, type Static } from '@sinclair/typebox'
import { listPaging, listResponse } from '../../core/list.js'
import { Metadata, Nullable, SoftDeletableFields } from '../../core/schemas.js'
import { User } from '../users/contract.js'

export const Note = Type.Object({
  ...SoftDeletableFields,
  value: Type.String(),
  resource_type: Type.String(),
  resource_id: Type.String(),
  author_id: Nullable(Type.String()),
  metadata: Metadata,
  /** The user who wrote it, on the list and on a single note; null once that user is deleted. */
  author: Type.Optional(Nullable(User)),
})
export type Note = Static<typeof Note>

/** v1 takes no `order`, `expand` or `fields` here: notes come oldest first, with their author. */
export const notesPaging = listPaging(50)

export const AdminGetNotesParams = Type.Object(
  {
    resource_id: Type.Optional(Type.String({ minLength: 1 })),
    ...notesPaging.pageParams,
  },
  { additionalProperties: false },
)
export type AdminGetNotesParams = Static<typeof AdminGetNotesParams>

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength })

export const AdminPostNotesReq = Type.Object(
  { resource_id: Text(200), resource_type: Text(100), value: Text(10_000) },
  { additionalProperties: false },
)
export type AdminPostNotesReq = Static<typeof AdminPostNotesReq>

export const AdminPostNotesNoteReq = Type.Object({ value: Text(10_000) }, { additionalProperties: false })
export type AdminPostNotesNoteReq = Static<typeof AdminPostNotesNoteReq>

export const AdminNotesListRes = listResponse('notes', Note)
export const AdminNotesRes = Type.Object({ note: Note })
