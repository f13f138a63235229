import { Type, type Static } from '@sinclair/typebox'
import { FindParams, listPaging, listResponse } from '../../core/list.js'
import { BaseFields, Nullable, StringOrArray } from '../../core/schemas.js'

const NotificationFields = {
  ...BaseFields,
  event_name: Nullable(Type.String()),
  resource_type: Type.String(),
  resource_id: Type.String(),
  customer_id: Nullable(Type.String()),
  to: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  parent_id: Nullable(Type.String()),
  provider_id: Nullable(Type.String()),
}

// Partial: `fields` selects the columns, `expand` whether resends come along.
const PartialNotification = Type.Partial(Type.Object(NotificationFields))
export const Notification = Type.Composite([
  PartialNotification,
  Type.Object({ resends: Type.Optional(Type.Array(PartialNotification)) }),
])
export type Notification = Static<typeof Notification>

export const notificationsPaging = listPaging(50)

export const AdminGetNotificationsParams = Type.Object(
  {
    ...notificationsPaging.pageParams,
    ...FindParams,

    event_name: Type.Optional(StringOrArray),
    resource_type: Type.Optional(StringOrArray),
    resource_id: Type.Optional(StringOrArray),
    to: Type.Optional(StringOrArray),
    include_resends: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
)
export type AdminGetNotificationsParams = Static<typeof AdminGetNotificationsParams>

export const AdminNotificationsListRes = listResponse('notifications', Notification)

export const AdminPostNotificationsNotificationResendReq = Type.Object(
  { to: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })) },
  { additionalProperties: false },
)
export type AdminPostNotificationsNotificationResendReq = Static<typeof AdminPostNotificationsNotificationResendReq>

export const AdminNotificationsRes = Type.Object({ notification: Notification })
