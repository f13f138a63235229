import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, FindParams, listPaging, listResponse } from '../../core/list.js'
import { DateTime, Metadata, MetadataInput, Nullable, SoftDeletableFields } from '../../core/schemas.js'
import { Region } from '../regions/contract.js'
import { ALLOCATION_TYPES, CONDITION_OPERATORS, CONDITION_TYPES, DISCOUNT_RULE_TYPES } from './schema.js'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

export const DiscountCondition = Type.Object({
  ...SoftDeletableFields,
  type: literals(CONDITION_TYPES),
  operator: literals(CONDITION_OPERATORS),
  discount_rule_id: Type.String(),
  metadata: Metadata,
})
export type DiscountCondition = Static<typeof DiscountCondition>

export const DiscountRule = Type.Object({
  ...SoftDeletableFields,
  description: Nullable(Type.String()),
  type: literals(DISCOUNT_RULE_TYPES),
  value: Type.Integer(),
  allocation: Nullable(literals(ALLOCATION_TYPES)),
  metadata: Metadata,
  conditions: Type.Optional(Type.Array(DiscountCondition)),
})
export type DiscountRule = Static<typeof DiscountRule>

const discountFields = {
  ...SoftDeletableFields,
  code: Type.String(),
  is_dynamic: Type.Boolean(),
  rule_id: Nullable(Type.String()),
  is_disabled: Type.Boolean(),
  parent_discount_id: Nullable(Type.String()),
  starts_at: DateTime,
  ends_at: Nullable(DateTime),
  valid_duration: Nullable(Type.String()),
  usage_limit: Nullable(Type.Integer()),
  usage_count: Type.Integer(),
  metadata: Metadata,
}

export const Discount = Type.Object({
  ...discountFields,
  rule: Type.Optional(DiscountRule),
  regions: Type.Optional(Type.Array(Region)),
  parent_discount: Type.Optional(Nullable(Type.Object(discountFields))),
})
export type Discount = Static<typeof Discount>

export const discountsPaging = listPaging(20)

export const AdminGetDiscountsParams = Type.Object(
  {
    q: Type.Optional(Type.String()),
    rule: Type.Optional(
      Type.Object(
        { type: Type.Optional(literals(DISCOUNT_RULE_TYPES)), allocation: Type.Optional(literals(ALLOCATION_TYPES)) },
        { additionalProperties: false },
      ),
    ),
    is_dynamic: Type.Optional(Type.Boolean()),
    is_disabled: Type.Optional(Type.Boolean()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    ...discountsPaging.params,
  },
  { additionalProperties: false },
)
export type AdminGetDiscountsParams = Static<typeof AdminGetDiscountsParams>

export const DiscountFindParams = Type.Object(FindParams, { additionalProperties: false })
export type DiscountFindParams = Static<typeof DiscountFindParams>

const Ids = Type.Array(Type.String({ minLength: 1 }), { maxItems: 1000 })

/** A condition's resources: exactly one of these lists (checked by the service, which names them). */
const conditionResources = {
  products: Type.Optional(Ids),
  product_types: Type.Optional(Ids),
  product_collections: Type.Optional(Ids),
  product_tags: Type.Optional(Ids),
  customer_groups: Type.Optional(Ids),
}

export const ConditionInput = Type.Object(
  { operator: literals(CONDITION_OPERATORS), ...conditionResources },
  { additionalProperties: false },
)
export type ConditionInput = Static<typeof ConditionInput>

/** A date in a body: any string `Date` parses (the service names a bad one). */
const DateInput = Type.String({ minLength: 1 })
/** ISO-8601 duration, e.g. `P1Y2M3DT4H5M6S` (an empty `P` or `T` part is refused by the service). */
const Duration = Type.String({ pattern: '^P(\\d+Y)?(\\d+M)?(\\d+W)?(\\d+D)?(T(\\d+H)?(\\d+M)?(\\d+S)?)?$' })
const Code = Type.String({ minLength: 1, maxLength: 200 })

export const AdminPostDiscountsReq = Type.Object(
  {
    code: Code,
    rule: Type.Object(
      {
        type: literals(DISCOUNT_RULE_TYPES),
        value: Type.Number({ minimum: 0 }),
        allocation: literals(ALLOCATION_TYPES),
        description: Type.Optional(Type.String()),
        conditions: Type.Optional(Type.Array(ConditionInput, { maxItems: 20 })),
      },
      { additionalProperties: false },
    ),
    regions: Type.Array(Type.String({ minLength: 1 }), { maxItems: 1000 }),
    is_dynamic: Type.Optional(Type.Boolean()),
    is_disabled: Type.Optional(Type.Boolean()),
    starts_at: Type.Optional(DateInput),
    ends_at: Type.Optional(DateInput),
    valid_duration: Type.Optional(Duration),
    usage_limit: Type.Optional(Type.Integer({ minimum: 1 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostDiscountsReq = Static<typeof AdminPostDiscountsReq>

export const AdminPostDiscountsDiscountReq = Type.Object(
  {
    code: Type.Optional(Code),
    rule: Type.Optional(
      Type.Object(
        {
          id: Type.String({ minLength: 1 }),
          value: Type.Optional(Type.Number({ minimum: 0 })),
          allocation: Type.Optional(literals(ALLOCATION_TYPES)),
          description: Type.Optional(Type.String()),
          conditions: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  id: Type.Optional(Type.String({ minLength: 1 })),
                  operator: Type.Optional(literals(CONDITION_OPERATORS)),
                  ...conditionResources,
                },
                { additionalProperties: false },
              ),
              { maxItems: 20 },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    is_disabled: Type.Optional(Type.Boolean()),
    starts_at: Type.Optional(DateInput),
    ends_at: Type.Optional(Nullable(DateInput)),
    valid_duration: Type.Optional(Nullable(Duration)),
    usage_limit: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    regions: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { maxItems: 1000 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostDiscountsDiscountReq = Static<typeof AdminPostDiscountsDiscountReq>

export const AdminPostDiscountsDynamicCodesReq = Type.Object(
  {
    code: Code,
    usage_limit: Type.Optional(Type.Integer({ minimum: 1 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostDiscountsDynamicCodesReq = Static<typeof AdminPostDiscountsDynamicCodesReq>

export const AdminPostConditionResourcesReq = Type.Object(conditionResources, { additionalProperties: false })
export type AdminPostConditionResourcesReq = Static<typeof AdminPostConditionResourcesReq>

export const AdminConditionBatchReq = Type.Object(
  {
    resources: Type.Array(Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 1000,
    }),
  },
  { additionalProperties: false },
)
export type AdminConditionBatchReq = Static<typeof AdminConditionBatchReq>

export const DiscountIdParams = Type.Object({ id: Type.String({ minLength: 1 }) })
export const DiscountCodeParams = Type.Object({ code: Type.String({ minLength: 1 }) })
export const DiscountRegionParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  region_id: Type.String({ minLength: 1 }),
})
export const DiscountDynamicCodeParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  code: Type.String({ minLength: 1 }),
})
export const DiscountConditionParams = Type.Object({
  id: Type.String({ minLength: 1 }),
  condition_id: Type.String({ minLength: 1 }),
})

export const AdminDiscountsListRes = listResponse('discounts', Discount)
export const AdminDiscountsRes = Type.Object({ discount: Discount })
export const AdminDiscountConditionsRes = Type.Object({
  discount_condition: Type.Object({
    ...DiscountCondition.properties,
    discount_rule: Type.Optional(DiscountRule),
  }),
})
export const AdminDiscountConditionsDeleteRes = Type.Object({
  id: Type.String(),
  object: Type.String(),
  deleted: Type.Boolean(),
  discount: Discount,
})
