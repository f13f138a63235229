import { Type, type Static } from '@sinclair/typebox'
import { MetadataInput } from '../../../core/schemas.js'
import { AddressPayload } from '../../customers/contract.js'
import { CLAIM_REASONS } from '../schema.js'

/** Claim requests on the wire (reference/admin-api.md "Orders", the `/claims` routes). */

const Id = Type.String({ minLength: 1, maxLength: 100 })
const Quantity = Type.Integer({ minimum: 1, maximum: 1_000_000 })
const Money = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })
const Reason = Type.Unsafe<(typeof CLAIM_REASONS)[number]>({ type: 'string', enum: CLAIM_REASONS })
const Url = Type.String({ minLength: 1, maxLength: 2048 })
const Note = Type.String({ maxLength: 10_000 })

const ShippingMethodInput = Type.Object(
  {
    id: Type.Optional(Id),
    option_id: Type.Optional(Id),
    price: Type.Optional(Money),
    data: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type ClaimShippingMethodInput = Static<typeof ShippingMethodInput>

export const AdminPostOrdersOrderClaimsReq = Type.Object(
  {
    type: Type.Union([Type.Literal('refund'), Type.Literal('replace')]),
    claim_items: Type.Array(
      Type.Object(
        {
          item_id: Id,
          quantity: Quantity,
          note: Type.Optional(Note),
          reason: Type.Optional(Reason),
          tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })),
          images: Type.Optional(Type.Array(Url, { maxItems: 50 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
    return_shipping: Type.Optional(
      Type.Object({ option_id: Type.Optional(Id), price: Type.Optional(Money) }, { additionalProperties: false }),
    ),
    additional_items: Type.Optional(
      Type.Array(Type.Object({ variant_id: Id, quantity: Quantity }, { additionalProperties: false }), {
        maxItems: 500,
      }),
    ),
    shipping_methods: Type.Optional(Type.Array(ShippingMethodInput, { maxItems: 20 })),
    refund_amount: Type.Optional(Money),
    shipping_address: Type.Optional(AddressPayload),
    no_notification: Type.Optional(Type.Boolean()),
    return_location_id: Type.Optional(Id),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderClaimsReq = Static<typeof AdminPostOrdersOrderClaimsReq>

export const AdminPostOrdersOrderClaimsClaimReq = Type.Object(
  {
    claim_items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Id,
            note: Type.Optional(Note),
            reason: Type.Optional(Reason),
            images: Type.Optional(
              Type.Array(
                Type.Object({ id: Type.Optional(Id), url: Type.Optional(Url) }, { additionalProperties: false }),
                {
                  maxItems: 50,
                },
              ),
            ),
            tags: Type.Optional(
              Type.Array(
                Type.Object(
                  { id: Type.Optional(Id), value: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
                  { additionalProperties: false },
                ),
                { maxItems: 50 },
              ),
            ),
            metadata: Type.Optional(MetadataInput),
          },
          { additionalProperties: false },
        ),
        { maxItems: 500 },
      ),
    ),
    shipping_methods: Type.Optional(Type.Array(ShippingMethodInput, { maxItems: 20 })),
    no_notification: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderClaimsClaimReq = Static<typeof AdminPostOrdersOrderClaimsClaimReq>

export const AdminPostOrdersClaimFulfillmentsReq = Type.Object(
  {
    metadata: Type.Optional(MetadataInput),
    no_notification: Type.Optional(Type.Boolean()),
    location_id: Type.Optional(Id),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersClaimFulfillmentsReq = Static<typeof AdminPostOrdersClaimFulfillmentsReq>

export const AdminPostOrdersOrderClaimsClaimShipmentsReq = Type.Object(
  {
    fulfillment_id: Id,
    tracking_numbers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
)
export type AdminPostOrdersOrderClaimsClaimShipmentsReq = Static<typeof AdminPostOrdersOrderClaimsClaimShipmentsReq>

export const ClaimParams = Type.Object({ id: Id, claim_id: Id })
export const ClaimFulfillmentParams = Type.Object({ id: Id, claim_id: Id, fulfillment_id: Id })
