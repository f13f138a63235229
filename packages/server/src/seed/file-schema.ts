import { Kind, Type, type Static, type TSchema } from '@sinclair/typebox'
import { Value, ValueErrorType, type ValueError } from '@sinclair/typebox/value'

/**
 * The Medusa v1 seed file (`medusa seed -f seed.json`) as TypeBox schemas. Objects accept keys not
 * listed here (real seed files carry extras); `unknownKeys` names them so the CLI can warn.
 */

const Nullish = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

const Id = Type.String({ minLength: 1, maxLength: 100 })
const Name = Type.String({ minLength: 1, maxLength: 500 })
const Text = Type.String({ maxLength: 100_000 })
const Code = Type.String({ maxLength: 255 })
const CurrencyCode = Type.String({ minLength: 3, maxLength: 3 })
const Amount = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })
const Dimension = Nullish(Type.Number({ minimum: 0 }))
const Metadata = Nullish(Type.Record(Type.String(), Type.Unknown()))
/** `{ value }`: tags, types and variant option values. */
const Named = Type.Object({ value: Type.String({ minLength: 1, maxLength: 500 }) })
const IdRef = Type.Object({ id: Id })

export const SeedStore = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  currencies: Type.Optional(Type.Array(CurrencyCode, { maxItems: 500 })),
  default_currency_code: Type.Optional(CurrencyCode),
  metadata: Metadata,
})

export const SeedUser = Type.Object({
  email: Type.String({ maxLength: 320, pattern: '^[^@\\s]+@[^@\\s]+$', description: 'an e-mail address' }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  first_name: Nullish(Type.String({ maxLength: 200 })),
  last_name: Nullish(Type.String({ maxLength: 200 })),
  role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('member'), Type.Literal('developer')])),
})

export const SeedRegion = Type.Object({
  id: Type.Optional(Id),
  name: Name,
  currency_code: CurrencyCode,
  tax_rate: Type.Number({ minimum: 0, maximum: 100 }),
  tax_code: Nullish(Code),
  includes_tax: Type.Optional(Type.Boolean()),
  payment_providers: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  fulfillment_providers: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  countries: Type.Array(Type.String({ minLength: 2, maxLength: 3 }), { maxItems: 300 }),
  metadata: Metadata,
})

export const SeedShippingOption = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  region_id: Id,
  provider_id: Id,
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  price_type: Type.Union([Type.Literal('flat_rate'), Type.Literal('calculated')]),
  amount: Nullish(Amount),
  is_return: Type.Optional(Type.Boolean()),
  admin_only: Type.Optional(Type.Boolean()),
  includes_tax: Type.Optional(Type.Boolean()),
  /** v1 puts such an option in the gift-card shipping profile. */
  is_giftcard: Type.Optional(Type.Boolean()),
  requirements: Type.Optional(
    Type.Array(
      Type.Object({
        type: Type.Union([Type.Literal('min_subtotal'), Type.Literal('max_subtotal')]),
        amount: Amount,
      }),
      { maxItems: 10 },
    ),
  ),
  metadata: Metadata,
})

export const SeedCollection = Type.Object({
  id: Type.Optional(Id),
  title: Name,
  handle: Nullish(Type.String({ maxLength: 500 })),
  metadata: Metadata,
})

export const SeedCategory = Type.Recursive((Self) =>
  Type.Object({
    id: Type.Optional(Id),
    name: Name,
    handle: Nullish(Type.String({ maxLength: 500 })),
    description: Nullish(Text),
    is_active: Type.Optional(Type.Boolean()),
    is_internal: Type.Optional(Type.Boolean()),
    /** Orders siblings; the file's order when absent. */
    rank: Type.Optional(Type.Integer({ minimum: 0 })),
    parent_category_id: Nullish(Id),
    category_children: Type.Optional(Type.Array(Self, { maxItems: 1000 })),
    metadata: Metadata,
  }),
)

export const SeedPrice = Type.Object({
  currency_code: Type.Optional(CurrencyCode),
  region_id: Type.Optional(Id),
  amount: Amount,
  min_quantity: Nullish(Amount),
  max_quantity: Nullish(Amount),
})

export const SeedVariant = Type.Object({
  title: Name,
  sku: Nullish(Code),
  ean: Nullish(Code),
  upc: Nullish(Code),
  barcode: Nullish(Code),
  hs_code: Nullish(Code),
  origin_country: Nullish(Code),
  mid_code: Nullish(Code),
  material: Nullish(Code),
  inventory_quantity: Type.Optional(Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 })),
  manage_inventory: Type.Optional(Type.Boolean()),
  allow_backorder: Type.Optional(Type.Boolean()),
  weight: Dimension,
  length: Dimension,
  height: Dimension,
  width: Dimension,
  prices: Type.Array(SeedPrice, { maxItems: 1000 }),
  /** One value per product option, in the product's option order. */
  options: Type.Optional(Type.Array(Named, { maxItems: 100 })),
  metadata: Metadata,
})

export const SeedProduct = Type.Object({
  id: Type.Optional(Id),
  title: Name,
  subtitle: Nullish(Text),
  description: Nullish(Text),
  handle: Nullish(Type.String({ maxLength: 500 })),
  is_giftcard: Type.Optional(Type.Boolean()),
  discountable: Type.Optional(Type.Boolean()),
  status: Type.Optional(
    Type.Union([Type.Literal('draft'), Type.Literal('proposed'), Type.Literal('published'), Type.Literal('rejected')]),
  ),
  thumbnail: Nullish(Type.String({ minLength: 1, maxLength: 2048 })),
  images: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2048 }), { maxItems: 100 })),
  collection_id: Nullish(Id),
  type: Nullish(Named),
  tags: Type.Optional(Type.Array(Named, { maxItems: 100 })),
  categories: Type.Optional(Type.Array(IdRef, { maxItems: 100 })),
  weight: Dimension,
  length: Dimension,
  height: Dimension,
  width: Dimension,
  hs_code: Nullish(Code),
  origin_country: Nullish(Code),
  mid_code: Nullish(Code),
  material: Nullish(Code),
  external_id: Nullish(Code),
  /** `values` lists the option's values for readers; variants carry the values that count. */
  options: Type.Optional(
    Type.Array(Type.Object({ title: Name, values: Type.Optional(Type.Array(Type.String(), { maxItems: 1000 })) }), {
      maxItems: 100,
    }),
  ),
  variants: Type.Optional(Type.Array(SeedVariant, { maxItems: 1000 })),
  metadata: Metadata,
})

export const SeedFile = Type.Object({
  store: Type.Optional(SeedStore),
  users: Type.Optional(Type.Array(SeedUser)),
  regions: Type.Optional(Type.Array(SeedRegion)),
  shipping_options: Type.Optional(Type.Array(SeedShippingOption)),
  product_collections: Type.Optional(Type.Array(SeedCollection)),
  categories: Type.Optional(Type.Array(SeedCategory)),
  products: Type.Optional(Type.Array(SeedProduct)),
  sales_channels: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1, maxLength: 255 }),
        description: Nullish(Type.String({ maxLength: 100_000 })),
        is_disabled: Type.Optional(Type.Boolean()),
      }),
    ),
  ),
  publishable_api_keys: Type.Optional(Type.Array(Type.Object({ title: Name }))),
})

export type SeedFile = Static<typeof SeedFile>
export type SeedCategory = Static<typeof SeedCategory>
export type SeedProduct = Static<typeof SeedProduct>
export type SeedPrice = Static<typeof SeedPrice>

/** `/products/0/variants/1/sku` → `products[0].variants[1].sku`. */
export function jsonPath(pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '')
}

function isNullableUnion(schema: TSchema): TSchema | undefined {
  const members = (schema.anyOf ?? []) as TSchema[]
  const nonNull = members.filter((member) => member[Kind] !== 'Null')
  return members.length === 2 && nonNull.length === 1 ? nonNull[0] : undefined
}

function describe(error: ValueError): string {
  const schema = error.schema
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'is required'
    case ValueErrorType.String:
      return 'must be a string'
    case ValueErrorType.Integer:
      return 'must be an integer'
    case ValueErrorType.Number:
      return 'must be a number'
    case ValueErrorType.Boolean:
      return 'must be a boolean'
    case ValueErrorType.Array:
      return 'must be an array'
    case ValueErrorType.Object:
      return 'must be an object'
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? 'must not be empty' : `must be at least ${schema.minLength} characters long`
    case ValueErrorType.StringMaxLength:
      return `must be at most ${schema.maxLength} characters long`
    case ValueErrorType.StringPattern:
      return `must be ${schema.description ?? `a string matching ${schema.pattern}`}`
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `must be at least ${schema.minimum}`
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `must be at most ${schema.maximum}`
    case ValueErrorType.ArrayMaxItems:
      return `must have at most ${schema.maxItems} entries`
    case ValueErrorType.Union: {
      const inner = isNullableUnion(schema)
      if (inner) {
        const first = error.errors[schema.anyOf.indexOf(inner)]?.First()
        return first ? `${describe(first)} or null` : 'has an invalid value'
      }
      const literals = (schema.anyOf as TSchema[]).filter((member) => member[Kind] === 'Literal')
      if (literals.length === schema.anyOf.length) {
        return `must be one of: ${literals.map((member) => String(member.const)).join(', ')}`
      }
      return 'has an invalid type or value'
    }
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1)
  }
}

/** Every mismatch between `data` and the seed-file schema, each naming its JSON path. */
export function schemaProblems(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return ['(root): must be a JSON object']
  const problems: string[] = []
  for (const error of Value.Errors(SeedFile, data)) {
    problems.push(`${jsonPath(error.path) || '(root)'}: ${describe(error)}`)
  }
  return [...new Set(problems)]
}

/** Keys of `data` the schema does not know, as JSON paths (`products[2].sales_channel`). */
export function unknownKeys(data: unknown): string[] {
  const found: string[] = []
  const refs = new Map<string, TSchema>()
  const walk = (schema: TSchema, value: unknown, path: string): void => {
    if (typeof schema.$id === 'string') refs.set(schema.$id, schema)
    if (typeof schema.$ref === 'string') {
      const target = refs.get(schema.$ref)
      if (target) walk(target, value, path)
      return
    }
    if (schema.anyOf) {
      const match = (schema.anyOf as TSchema[]).find((member) => Value.Check(member, [...refs.values()], value))
      if (match) walk(match, value, path)
      return
    }
    if (schema[Kind] === 'Array' && Array.isArray(value)) {
      value.forEach((item, index) => walk(schema.items as TSchema, item, `${path}[${index}]`))
      return
    }
    if (schema[Kind] !== 'Object' || typeof value !== 'object' || value === null || Array.isArray(value)) return
    const properties = schema.properties as Record<string, TSchema>
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key
      if (Object.hasOwn(properties, key)) walk(properties[key], child, childPath)
      else found.push(childPath)
    }
  }
  walk(SeedFile, data, '')
  return found
}
