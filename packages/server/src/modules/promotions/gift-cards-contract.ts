import { Type, type Static } from '@sinclair/typebox'
import { listPaging, listResponse } from '../../core/list.js'
import { DateTime, Metadata, MetadataInput, Nullable, SoftDeletableFields } from '../../core/schemas.js'
import { Region } from '../regions/contract.js'

export const GiftCard = Type.Object({
  ...SoftDeletableFields,
  code: Type.String(),
  value: Type.Integer(),
  balance: Type.Integer(),
  region_id: Type.String(),
  order_id: Nullable(Type.String()),
  is_disabled: Type.Boolean(),
  ends_at: Nullable(DateTime),
  tax_rate: Nullable(Type.Number()),
  metadata: Metadata,
  region: Type.Optional(Region),
})
export type GiftCard = Static<typeof GiftCard>

/** What an order drew from a gift card (v1 GiftCardTransaction), the card when expanded. */
export const GiftCardTransaction = Type.Object({
  id: Type.String(),
  gift_card_id: Type.String(),
  order_id: Type.String(),
  amount: Type.Integer(),
  is_taxable: Nullable(Type.Boolean()),
  tax_rate: Nullable(Type.Number()),
  created_at: DateTime,
  gift_card: Type.Optional(Nullable(GiftCard)),
})
export type GiftCardTransaction = Static<typeof GiftCardTransaction>

export const giftCardsPaging = listPaging(50)

export const AdminGetGiftCardsParams = Type.Object(
  { q: Type.Optional(Type.String()), ...giftCardsPaging.params },
  { additionalProperties: false },
)
export type AdminGetGiftCardsParams = Static<typeof AdminGetGiftCardsParams>

/** A date in a body: any string `Date` parses (the service names a bad one). */
const DateInput = Type.String({ minLength: 1 })

export const AdminPostGiftCardsReq = Type.Object(
  {
    region_id: Type.String({ minLength: 1 }),
    value: Type.Optional(Type.Integer({ minimum: 0 })),
    ends_at: Type.Optional(DateInput),
    is_disabled: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostGiftCardsReq = Static<typeof AdminPostGiftCardsReq>

export const AdminPostGiftCardsGiftCardReq = Type.Object(
  {
    balance: Type.Optional(Type.Integer({ minimum: 0 })),
    is_disabled: Type.Optional(Type.Boolean()),
    ends_at: Type.Optional(Nullable(DateInput)),
    region_id: Type.Optional(Type.String({ minLength: 1 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostGiftCardsGiftCardReq = Static<typeof AdminPostGiftCardsGiftCardReq>

export const AdminGiftCardsListRes = listResponse('gift_cards', GiftCard)
export const AdminGiftCardsRes = Type.Object({ gift_card: GiftCard })

/** The store sees a card's code, value and balance, and its region (v1). */
export const StoreGiftCard = Type.Object({
  id: Type.String(),
  code: Type.String(),
  value: Type.Integer(),
  balance: Type.Integer(),
  region: Region,
})
export const StoreGiftCardsRes = Type.Object({ gift_card: StoreGiftCard })
export const GiftCardCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) })
