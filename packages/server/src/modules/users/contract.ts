import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../core/list.js'
import {
  DateTime,
  Email,
  Metadata,
  MetadataInput,
  Nullable,
  SoftDeletableFields,
  StringOrArray,
} from '../../core/schemas.js'

export const UserRole = Type.Union([Type.Literal('admin'), Type.Literal('member'), Type.Literal('developer')])

/** `password_hash` is not in the schema, so it can never reach the wire. */
export const User = Type.Object({
  ...SoftDeletableFields,
  email: Type.String(),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  role: UserRole,
  api_token: Nullable(Type.String()),
  metadata: Metadata,
})
export type User = Static<typeof User>

const Password = Type.String({ minLength: 1, maxLength: 256 })

export const AdminPostAuthReq = Type.Object({ email: Email, password: Password }, { additionalProperties: false })
export type AdminPostAuthReq = Static<typeof AdminPostAuthReq>
export const AdminAuthRes = Type.Object({ user: User })
export const AdminBearerAuthRes = Type.Object({ access_token: Type.String() })

export const usersPaging = listPaging(50)

export const AdminGetUsersParams = Type.Object(
  {
    ...usersPaging.params,

    q: Type.Optional(Type.String()),
    id: Type.Optional(StringOrArray),
    email: Type.Optional(Type.String()),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    role: Type.Optional(Type.Union([UserRole, Type.Array(UserRole)])),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    deleted_at: Type.Optional(DateComparison),
  },
  { additionalProperties: false },
)
export type AdminGetUsersParams = Static<typeof AdminGetUsersParams>

export const AdminUsersListRes = listResponse('users', User)
export const AdminUserRes = Type.Object({ user: User })

export const AdminCreateUserRequest = Type.Object(
  {
    email: Email,
    password: Password,
    first_name: Type.Optional(Type.String({ maxLength: 200 })),
    last_name: Type.Optional(Type.String({ maxLength: 200 })),
    role: Type.Optional(UserRole),
  },
  { additionalProperties: false },
)
export type AdminCreateUserRequest = Static<typeof AdminCreateUserRequest>

export const AdminUpdateUserRequest = Type.Object(
  {
    first_name: Type.Optional(Type.String({ maxLength: 200 })),
    last_name: Type.Optional(Type.String({ maxLength: 200 })),
    role: Type.Optional(UserRole),
    api_token: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminUpdateUserRequest = Static<typeof AdminUpdateUserRequest>

export const AdminResetPasswordTokenRequest = Type.Object({ email: Email }, { additionalProperties: false })

export const AdminResetPasswordRequest = Type.Object(
  { token: Type.String({ minLength: 1 }), password: Password, email: Type.Optional(Email) },
  { additionalProperties: false },
)
export type AdminResetPasswordRequest = Static<typeof AdminResetPasswordRequest>

export const Invite = Type.Object({
  ...SoftDeletableFields,
  user_email: Type.String(),
  role: UserRole,
  accepted: Type.Boolean(),
  expires_at: DateTime,
  metadata: Metadata,
})

export const AdminListInvitesRes = Type.Object({ invites: Type.Array(Invite) })

export const AdminPostInvitesReq = Type.Object({ user: Email, role: UserRole }, { additionalProperties: false })
export type AdminPostInvitesReq = Static<typeof AdminPostInvitesReq>

export const AdminPostInvitesInviteAcceptReq = Type.Object(
  {
    token: Type.String({ minLength: 1 }),
    user: Type.Object(
      {
        first_name: Type.Optional(Type.String({ maxLength: 200 })),
        last_name: Type.Optional(Type.String({ maxLength: 200 })),
        password: Password,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type AdminPostInvitesInviteAcceptReq = Static<typeof AdminPostInvitesInviteAcceptReq>
