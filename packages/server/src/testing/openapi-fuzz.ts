import fc from 'fast-check'
import qs from 'qs'
import type { FuzzIdentities, ValuePool } from './fuzz-data.js'
import { multipartBody, type MultipartPart } from './multipart.js'

/**
 * Requests generated from the OpenAPI document: for each operation, values that follow its path,
 * query and body schemas (naming real ids part of the time), and values that break them (boundary
 * values, wrong types, extra keys, huge and unicode strings, NUL, deep nesting, arrays where scalars
 * go and back, nested query objects, ids of other kinds).
 */

/** The parts of a JSON Schema (OpenAPI 3.0 flavour) the request schemas use. */
export interface JsonSchema {
  type?: string
  nullable?: boolean
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header'
  name: string
  required?: boolean
  schema: JsonSchema
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> }
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
}

export interface Operation {
  method: 'GET' | 'POST' | 'DELETE'
  /** The OpenAPI path, `{name}` for each parameter. */
  path: string
  pathParams: string[]
  query: Record<string, JsonSchema>
  requiredQuery: string[]
  body?: { schema: JsonSchema; required: boolean; multipart: boolean }
  /** Scalar fields and relations of the entity the route answers with: real `fields`/`expand`/`order` values. */
  fields: string[]
  relations: string[]
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? []
      const query = parameters.filter((parameter) => parameter.in === 'query')
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? []
      const entity = entityOf(operation.responses?.['200']?.content?.['application/json']?.schema)
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
        requiredQuery: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        body: content
          ? {
              schema: content.schema,
              required: operation.requestBody?.required ?? false,
              multipart: contentType === 'multipart/form-data',
            }
          : undefined,
        ...namesOf(entity),
      })
    }
  }
  return operations
}

/** The entity of an answer such as `{ product }` or `{ products: [...], count }`. */
function entityOf(answer: JsonSchema | undefined): JsonSchema | undefined {
  for (const property of Object.values(answer?.properties ?? {})) {
    const entity = property.type === 'array' ? property.items : property
    if (entity?.type === 'object' && entity.properties) return entity
  }
  return undefined
}

function namesOf(entity: JsonSchema | undefined): { fields: string[]; relations: string[] } {
  const fields: string[] = []
  const relations: string[] = []
  for (const [name, property] of Object.entries(entity?.properties ?? {})) {
    const nested = entityOf({ properties: { [name]: property } })
    if (!nested) {
      fields.push(name)
      continue
    }
    relations.push(name)
    for (const [inner, innerProperty] of Object.entries(nested.properties ?? {})) {
      if (entityOf({ properties: { [inner]: innerProperty } })) relations.push(`${name}.${inner}`)
    }
  }
  return { fields, relations }
}

/** A real value of a kind (an id prefix or a word kind), chosen when the request is sent. */
export class PoolRef {
  constructor(
    readonly kind: string | undefined,
    readonly pick: number,
  ) {}
}

/** The kind of value a parameter or field names, from its name (`region_id`, `products`, `code`…). */
const KIND_OF_NAME: Record<string, string> = {
  product: 'prod',
  variant: 'variant',
  option: 'opt',
  collection: 'pcol',
  category: 'pcat',
  'product-category': 'pcat',
  'parent-category': 'pcat',
  tag: 'ptag',
  'product-tag': 'ptag',
  type: 'ptyp',
  'product-type': 'ptyp',
  region: 'reg',
  'sales-channel': 'sc',
  'publishable-api-key': 'pk',
  'publishable-key': 'pk',
  cart: 'cart',
  'line-item': 'item',
  line: 'item',
  item: 'item',
  customer: 'cus',
  address: 'addr',
  'customer-group': 'cgrp',
  group: 'cgrp',
  user: 'usr',
  invite: 'invite',
  order: 'order',
  'stock-location': 'sloc',
  location: 'sloc',
  'inventory-item': 'iitem',
  'location-level': 'ilev',
  reservation: 'resitem',
  'tax-rate': 'txr',
  rate: 'txr',
  'shipping-option': 'so',
  'shipping-profile': 'sp',
  profile: 'sp',
  'payment-collection': 'paycol',
  session: 'ps',
  'payment-session': 'provider',
  'batch-job': 'batch',
  'analytics-config': 'acfg',
  provider: 'provider',
  'payment-provider': 'provider',
  'fulfillment-provider': 'provider',
  currency: 'currency',
  'currency-code': 'currency',
  country: 'country',
  'country-code': 'country',
  email: 'email',
  password: 'password',
  discount: 'discount',
}

export function kindOfName(name: string): string | undefined {
  const base = name
    .toLowerCase()
    .replace(/_ids?$/, '')
    .replace(/_/g, '-')
  const singular = base.endsWith('ies') ? `${base.slice(0, -3)}y` : base.replace(/(?<!s)s$/, '')
  return KIND_OF_NAME[base] ?? KIND_OF_NAME[singular]
}

/** The kind a path parameter names: its own name (`cart_id`), else the segment before it (`/products/{id}`). */
function kindOfPathParam(path: string, name: string): string | undefined {
  if (name !== 'id' && name !== 'option_id' && name !== 'code') return kindOfName(name)
  const segments = path.split('/')
  const at = segments.indexOf(`{${name}}`)
  return kindOfName(segments[at - 1] ?? '')
}

/** The value once in `every` draws, else undefined. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, every: number) =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary })

const poolRef = (kind: string | undefined) => fc.nat({ max: 1000 }).map((pick) => new PoolRef(kind, pick))

/** Strings that have broken parsers, queries and encoders somewhere. */
const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\u202e',
  '𝕏😀',
  'İ',
  'ß',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '%00',
  '%2F',
  '../..',
  '.',
  '/',
  '?',
  '#',
  '&a=b',
  '[]',
  '{}',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '1e309',
  '٣',
  '\n',
  '\r\n',
  "' OR '1'='1",
  '${x}',
  'a,b,,c',
  ',',
  '-',
  '+',
  'created_at',
  '-created_at',
  'id.id',
  '__proto__',
  'constructor',
]

/**
 * Text of `length` characters with no run that repeats, so PostgreSQL cannot compress it: long
 * enough, it overflows what an index entry holds where a repeated letter would not.
 */
export function noisyText(length: number): string {
  let state = 2463534242
  const codes: number[] = []
  for (let at = 0; at < length; at++) {
    // xorshift32
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    codes.push(0x21 + ((state >>> 0) % 94))
  }
  return Buffer.from(codes).toString('latin1')
}

const hugeString = fc.oneof(
  fc
    .tuple(fc.constantFrom('a', '😀', 'ä', '%', ' '), fc.constantFrom(256, 4096, 100_000))
    .map(([unit, length]) => unit.repeat(length)),
  fc.constantFrom(3000, 10_000).map(noisyText),
)

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
)

/** Objects or arrays nested `depth` levels deep. */
const deeplyNested = fc
  .tuple(fc.constantFrom(8, 70), fc.boolean())
  .map(([depth, asArray]) =>
    Array.from({ length: depth }).reduce<unknown>((inner) => (asArray ? [inner] : { a: inner }), 'x'),
  )

const ODD_NUMBERS = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 64,
  1e308,
  -1e308,
  5e-324,
]

/** A value of any shape: the wrong type wherever it lands. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...ODD_NUMBERS, true, false, null) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: deeplyNested },
)

const isoDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString())

/** Times the `date-time` format takes that are rarely sent. */
const VALID_ODD_DATES = [
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2024-01-01T00:00:00+14:00',
  '2024-01-01T00:00:00.123456789Z',
  '2024-02-29T23:59:60Z',
]

const ODD_DATES = [
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '2024-01-01T00:00:00+14:00',
  '2024-01-01',
  'yesterday',
]

const ODD_EMAILS = [
  'a@b',
  `${'x'.repeat(300)}@example.com`,
  '"quoted local"@example.com',
  'a@[127.0.0.1]',
  'A@EXAMPLE.COM',
]

/** Values one step outside (or right on) a schema's limits. */
function boundaryValues(schema: JsonSchema): unknown[] {
  const values: unknown[] = []
  if (schema.type === 'string') {
    values.push('')
    if (schema.maxLength !== undefined && schema.maxLength <= 200_000) {
      values.push('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1))
    }
    if (schema.minLength) values.push('x'.repeat(schema.minLength - 1))
    if (schema.format === 'date-time') values.push(...ODD_DATES)
    if (schema.format === 'email') values.push(...ODD_EMAILS)
    if (schema.enum) values.push(...schema.enum.map((value) => String(value).toUpperCase()), `${schema.enum[0]} `)
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push(...ODD_NUMBERS)
    for (const limit of [schema.minimum, schema.maximum]) {
      if (limit !== undefined) values.push(limit - 1, limit, limit + 1)
    }
  }
  if (schema.type === 'array') {
    values.push([])
    if (schema.maxItems !== undefined && schema.maxItems <= 1000) {
      values.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'))
    }
  }
  if (schema.type === 'object') values.push({}, [])
  return values.length > 0 ? values : [null]
}

/** How likely each node of a generated value is broken: 0 keeps the value valid. */
export type Breakage = 0 | 1

interface Field {
  name: string
  /** The object or array property this field sits in (an `id` inside `sales_channels` names a channel). */
  parent?: string
}

function kindOfField(field: Field): string | undefined {
  if (field.name === 'id' || field.name === 'ids') return field.parent ? kindOfName(field.parent) : undefined
  return kindOfName(field.name)
}

function drawsFromPool(field: Field): boolean {
  return /(^|_)ids?$/.test(field.name) || kindOfField(field) !== undefined
}

/**
 * A value for a schema. Valid values include what the schema allows at its edges (the largest
 * number, the longest string, unicode, ids of other kinds); with `breakage`, a few nodes break it.
 */
export function valueOf(schema: JsonSchema, field: Field, breakage: Breakage): fc.Arbitrary<unknown> {
  const valid = validValueOf(schema, field, breakage)
  if (breakage === 0) return valid
  return fc.oneof(
    { weight: 20, arbitrary: valid },
    { weight: 2, arbitrary: fc.constantFrom(...boundaryValues(schema)) },
    { weight: 1, arbitrary: anyValue },
  )
}

function validValueOf(schema: JsonSchema, field: Field, breakage: Breakage): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf
  const inner: fc.Arbitrary<unknown> = branches
    ? fc.oneof(...branches.map((branch) => validValueOf(branch, field, breakage)))
    : schema.enum
      ? fc.constantFrom(...schema.enum)
      : validTypedValueOf(schema, field, breakage)
  return schema.nullable
    ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: inner })
    : inner
}

function validTypedValueOf(schema: JsonSchema, field: Field, breakage: Breakage): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      return validString(schema, field)
    case 'integer':
    case 'number':
      return validNumber(schema, field)
    case 'boolean':
      return fc.boolean()
    case 'array': {
      const items = schema.items ?? {}
      const minLength = schema.minItems ?? 0
      return fc.array(valueOf(items, { name: field.name, parent: field.name }, breakage), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      })
    }
    case 'object':
      return validObject(schema, field, breakage)
    default:
      // `{}` (metadata values, `Type.Unknown()`): anything JSON holds.
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** A time field (`created_at`), or an operator of one (`created_at[lt]`). */
const isTime = (field: Field) => /_at$/.test(field.name) || /_at$/.test(field.parent ?? '')

/** Numbers the schema allows, its own limits and the largest and smallest a number can be among them. */
function validNumber(schema: JsonSchema, field: Field): fc.Arbitrary<unknown> {
  const integer = schema.type === 'integer'
  const min = schema.minimum ?? -Infinity
  const max = schema.maximum ?? Infinity
  const extremes = [schema.minimum, schema.maximum, ...ODD_NUMBERS].filter(
    (value): value is number =>
      value !== undefined && value >= min && value <= max && (!integer || Number.isInteger(value)),
  )
  const common = isTime(field)
    ? fc.integer({ min: 0, max: 4_102_444_800 }) // Unix seconds up to 2100
    : fc.integer({ min: Math.max(min, -1_000_000), max: Math.min(max, 1_000_000) })
  return extremes.length > 0 ? fc.oneof({ weight: 4, arbitrary: common }, fc.constantFrom(...extremes)) : common
}

function validString(schema: JsonSchema, field: Field): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0
  const maxLength = schema.maxLength ?? Infinity
  if (schema.format === 'date-time' || isTime(field)) {
    return fc.oneof({ weight: 4, arbitrary: isoDate }, fc.constantFrom(...VALID_ODD_DATES))
  }
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), poolRef('email'))
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined
  const fits = (value: string) =>
    value.length >= minLength && value.length <= maxLength && (!pattern || pattern.test(value))
  const plain = pattern
    ? fc.stringMatching(pattern).filter(fits)
    : fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, 40)) })
  const longest = maxLength <= 200_000 ? ['x'.repeat(maxLength), noisyText(maxLength)] : []
  const edges = [...TRICKY_STRINGS, ...longest].filter(fits)
  const text = fc.oneof(
    { weight: 4, arbitrary: plain },
    { weight: 1, arbitrary: edges.length > 0 ? fc.constantFrom(...edges) : plain },
    { weight: 1, arbitrary: hostileString.filter(fits) },
  )
  if (!drawsFromPool(field)) return text
  return fc.oneof(
    { weight: 6, arbitrary: poolRef(kindOfField(field)) },
    { weight: 1, arbitrary: poolRef(undefined) },
    { weight: 1, arbitrary: text },
  )
}

const EXTRA_KEYS = ['extra', 'id', 'constructor', 'prototype', 'toString', '$where', 'metadata', '']

function validObject(schema: JsonSchema, field: Field, breakage: Breakage): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {}
  const names = Object.keys(properties)
  const free = schema.additionalProperties
  if (names.length === 0 && free !== false) {
    // A record such as `metadata`: any keys.
    const values =
      typeof free === 'object' && free.type ? valueOf(free, { name: '' }, breakage) : fc.jsonValue({ maxDepth: 2 })
    return fc.dictionary(fc.string({ maxLength: 12 }), values, { maxKeys: 4 })
  }
  const required = (schema.required ?? []).filter((name) => name in properties)
  const record = fc.record(
    Object.fromEntries(names.map((name) => [name, valueOf(properties[name], { name, parent: field.name }, breakage)])),
    { requiredKeys: required },
  )
  if (breakage === 0) return record
  return fc
    .tuple(
      record,
      sometimes(fc.tuple(fc.constantFrom(...EXTRA_KEYS), anyValue), 6),
      sometimes(fc.constantFrom(...(required.length > 0 ? required : names.length > 0 ? names : [''])), 6),
    )
    .map(([value, extra, dropped]) => {
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
      if (dropped) delete out[dropped]
      if (extra) out[extra[0]] = extra[1]
      return out
    })
}

/** A request before its pool references are resolved. */
export interface DraftRequest {
  breakage: Breakage
  params: Record<string, unknown>
  /** Path parameters `/{a}/…/{b}` taken from one row (a product and one of its variants), when set. */
  related?: number
  query: Record<string, unknown>
  /** Query text appended as is (`a[b][c]=x`, repeated keys). */
  rawQuery: string
  body?: unknown
  /** A body sent as this text instead of JSON (not JSON at all, or the wrong content type). */
  rawBody?: { text: string; contentType: string }
  /** The parts of a `multipart/form-data` body (upload routes). */
  multipart?: MultipartPart[]
  /** `customer` (store routes only) and the publishable key to send, if any. */
  asCustomer: boolean
  publishableKey?: PoolRef | string
  idempotencyKey?: string
  /** Store routes: a forged `Authorization` or session cookie in place of the customer's. */
  authorization?: string
  cookie?: string
}

export interface FuzzRequest {
  method: Operation['method']
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

function pathParamArb(operation: Operation, name: string, breakage: Breakage): fc.Arbitrary<unknown> {
  const real = poolRef(kindOfPathParam(operation.path, name))
  if (breakage === 0) return real
  return fc.oneof(
    { weight: 4, arbitrary: real },
    { weight: 2, arbitrary: poolRef(undefined) },
    { weight: 3, arbitrary: hostileString },
  )
}

function queryParamArb(operation: Operation, name: string, schema: JsonSchema, breakage: Breakage) {
  const known = (list: string[]) => (list.length > 0 ? list : ['id'])
  const names = (list: string[]) =>
    fc
      .subarray(known(list), { minLength: 1, maxLength: Math.min(4, known(list).length) })
      .map((chosen) => chosen.join(','))
  switch (name) {
    case 'expand':
      return fc.oneof(
        { weight: 3, arbitrary: operation.relations.length > 0 ? names(operation.relations) : fc.constant('') },
        valueOf(schema, { name }, breakage),
      )
    case 'fields':
      return fc.oneof(
        { weight: 3, arbitrary: names(operation.fields) },
        { weight: 1, arbitrary: names(operation.fields).map((list) => `+${list.replace(/,/g, ',+')}`) },
        valueOf(schema, { name }, breakage),
      )
    case 'order':
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .tuple(fc.constantFrom('', '-'), fc.constantFrom(...known(operation.fields)))
            .map(([direction, field]) => `${direction}${field}`),
        },
        valueOf(schema, { name }, breakage),
      )
    default:
      return valueOf(schema, { name }, breakage)
  }
}

/** The required query fields and up to three others: more, and nearly every request would break on one. */
function queryArb(operation: Operation, breakage: Breakage): fc.Arbitrary<Record<string, unknown>> {
  const optional = Object.keys(operation.query).filter((name) => !operation.requiredQuery.includes(name))
  return fc
    .subarray(optional, { maxLength: Math.min(3, optional.length) })
    .chain((chosen) =>
      fc.record(
        Object.fromEntries(
          [...operation.requiredQuery, ...chosen].map((name) => [
            name,
            queryParamArb(operation, name, operation.query[name], breakage),
          ]),
        ),
      ),
    )
}

/** Query text beyond the schema: nested objects, repeated and unknown keys. */
function rawQueryArb(operation: Operation): fc.Arbitrary<string> {
  const declared = Object.keys(operation.query)
  const key = fc.constantFrom(...(declared.length > 0 ? declared : ['q']), 'unknown', 'a')
  const piece = fc.oneof(
    key.map((name) => `${name}[b][c]=x`),
    key.map((name) => `${name}[0][1]=x`),
    key.map((name) => `${name}=1&${name}=2`),
    key.map((name) => `${name}[]=`),
    key.map((name) => `${name}[${'a]['.repeat(8)}b]=x`),
    key.map((name) => `${name}[lt]=1&${name}[zz]=2`),
    key.map((name) => `${name}=%ZZ`),
    key.map((name) => `${name}[25]=x`),
    fc.constant('=x&&&='),
  )
  return fc.array(piece, { maxLength: 2 }).map((pieces) => pieces.join('&'))
}

const RAW_BODIES = [
  { text: '{"a":', contentType: 'application/json' },
  { text: 'not json', contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '"text"', contentType: 'application/json' },
  { text: '1e999', contentType: 'application/json' },
  { text: '{"a":1,"a":2}', contentType: 'application/json' },
  { text: '{"__proto__":{"x":1}}', contentType: 'application/json' },
  { text: '{"constructor":{"prototype":{"x":1}}}', contentType: 'application/json' },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { text: 'plain', contentType: 'text/plain' },
  { text: '<a/>', contentType: 'application/xml' },
  { text: '{}', contentType: 'application/json; charset=utf-16' },
  { text: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' },
]

const FILE_NAMES = [
  'photo.png',
  'import.csv',
  '../../etc/passwd',
  'a\u0000.png',
  '.htaccess',
  'x.svg',
  '',
  '😀.jpg',
  'a"b.png',
]

/** Upload bodies: file parts with odd names, types and contents, in the right field or another. */
function multipartArb(breakage: Breakage): fc.Arbitrary<MultipartPart[]> {
  const file = fc.record({
    field: breakage === 0 ? fc.constant('files') : fc.constantFrom('files', 'file', 'other', ''),
    filename: breakage === 0 ? fc.constantFrom('photo.png', 'import.csv') : fc.constantFrom(...FILE_NAMES),
    contentType: fc.constantFrom('image/png', 'text/csv', 'application/octet-stream', 'text/html', 'x/y'),
    content: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('', 'id,title\n1,x\n', '\u0000'.repeat(10))),
  })
  const value = fc.record({ field: fc.constantFrom('files', 'name'), value: fc.string({ maxLength: 20 }) })
  return fc.array(breakage === 0 ? file : fc.oneof(file, value), { minLength: breakage === 0 ? 1 : 0, maxLength: 3 })
}

const headerText = fc.string({ unit: 'binary-ascii', maxLength: 300 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''))

export function draftArb(operation: Operation, breakage: Breakage, store: boolean): fc.Arbitrary<DraftRequest> {
  const body = operation.body
  const bodyArb: fc.Arbitrary<unknown> =
    body && !body.multipart
      ? body.required || breakage === 0
        ? valueOf(body.schema, { name: 'body' }, breakage)
        : fc.oneof({ weight: 4, arbitrary: valueOf(body.schema, { name: 'body' }, breakage) }, fc.constant(undefined))
      : breakage === 0 || operation.method === 'GET'
        ? fc.constant(undefined)
        : sometimes(anyValue, 4)
  return fc.record({
    breakage: fc.constant(breakage),
    params: fc.record(
      Object.fromEntries(operation.pathParams.map((name) => [name, pathParamArb(operation, name, breakage)])),
    ),
    query: queryArb(operation, breakage),
    related:
      operation.pathParams.length > 1 ? fc.option(fc.nat({ max: 1000 }), { nil: undefined }) : fc.constant(undefined),
    rawQuery: breakage === 0 ? fc.constant('') : fc.oneof(fc.constant(''), rawQueryArb(operation)),
    body: bodyArb,
    multipart: !body?.multipart
      ? fc.constant(undefined)
      : breakage === 0
        ? multipartArb(0)
        : fc.option(multipartArb(1), { freq: 4, nil: undefined }),
    rawBody:
      breakage === 0 || operation.method === 'GET'
        ? fc.constant(undefined)
        : sometimes(fc.constantFrom(...RAW_BODIES), 8),
    asCustomer: store ? fc.boolean() : fc.constant(false),
    publishableKey: store
      ? sometimes(fc.oneof({ weight: 4, arbitrary: poolRef('pk') }, headerText), 4)
      : fc.constant(undefined),
    idempotencyKey: operation.method === 'POST' && breakage === 1 ? sometimes(headerText, 4) : fc.constant(undefined),
    authorization:
      store && breakage === 1
        ? sometimes(
            fc.oneof(
              headerText,
              headerText.map((text) => `Bearer ${text}`),
            ),
            6,
          )
        : fc.constant(undefined),
    cookie:
      store && breakage === 1
        ? sometimes(
            headerText.map((text) => `connect.sid=${text}`),
            6,
          )
        : fc.constant(undefined),
  })
}

/** Replaces every pool reference with a real value. */
export function resolveRefs(value: unknown, pool: ValuePool): unknown {
  if (value instanceof PoolRef) return pool.pick(value.kind, value.pick)
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, pool))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item, pool)]))
  }
  return value
}

/** Percent-encodes a path segment byte by byte (encodeURIComponent throws on a lone surrogate). */
function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte)
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** `qs.stringify` calls `encodeURIComponent`, which throws on a lone surrogate; those become U+FFFD first. */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\p{Surrogate}/gu, '\ufffd')
  if (Array.isArray(value)) return value.map(wellFormed)
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key) as string, wellFormed(item)]))
  }
  return value
}

export function materialize(
  operation: Operation,
  draft: DraftRequest,
  pool: ValuePool,
  identities: FuzzIdentities,
): FuzzRequest {
  const params = resolveRefs(draft.params, pool) as Record<string, unknown>
  const [first, second] = operation.pathParams
  const pair =
    draft.related === undefined
      ? undefined
      : pool.pair(kindOfPathParam(operation.path, first), kindOfPathParam(operation.path, second), draft.related)
  if (pair) [params[first], params[second]] = pair
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeSegment(params[name]))
  const query = [qs.stringify(wellFormed(resolveRefs(draft.query, pool))), draft.rawQuery].filter(Boolean).join('&')
  const headers: Record<string, string> = {}
  if (operation.path.startsWith('/admin')) Object.assign(headers, identities.admin)
  if (draft.asCustomer) Object.assign(headers, identities.customer)
  if (draft.publishableKey !== undefined) {
    headers['x-publishable-api-key'] =
      typeof draft.publishableKey === 'string' ? draft.publishableKey : pool.pick('pk', draft.publishableKey.pick)
  }
  if (draft.idempotencyKey !== undefined) headers['idempotency-key'] = draft.idempotencyKey
  if (draft.authorization !== undefined) headers.authorization = draft.authorization
  if (draft.cookie !== undefined) headers.cookie = draft.cookie
  const request: FuzzRequest = { method: operation.method, url: query ? `${path}?${query}` : path, headers }
  if (draft.multipart) {
    const { payload, headers: multipartHeaders } = multipartBody(draft.multipart)
    Object.assign(headers, multipartHeaders)
    request.payload = payload
  } else if (draft.rawBody) {
    headers['content-type'] = draft.rawBody.contentType
    request.payload = draft.rawBody.text
  } else if (draft.body !== undefined) {
    headers['content-type'] = 'application/json'
    request.payload = JSON.stringify(resolveRefs(draft.body, pool))
  }
  return request
}

/** The error types a 4xx envelope may carry (reference/conventions.md §2). */
const CLIENT_ERROR_TYPES = new Set([
  'invalid_data',
  'not_allowed',
  'unauthorized',
  'not_found',
  'conflict',
  'duplicate_error',
  'payment_authorization_error',
])

/** The bare-status answers of conventions.md §2, by status. */
const BARE_ANSWERS: Record<number, string[]> = {
  401: ['Unauthorized', 'Invalid or expired password reset token'],
  404: ['Not Found'],
  409: ['Failed to create idempotency key'],
}

export interface Answer {
  statusCode: number
  headers: Record<string, unknown>
  body: string
}

/**
 * What is wrong with an answer, if anything: a 5xx, or a 4xx that is neither the `{type, message,
 * code?}` envelope, the multiple-errors envelope nor one of the documented bare statuses.
 */
export function answerProblem(answer: Answer): string | undefined {
  const { statusCode: status, body } = answer
  if (status >= 500) return `a ${status}`
  if (status < 400) return undefined
  const contentType = String(answer.headers['content-type'] ?? '')
  if (contentType.startsWith('text/plain')) {
    return BARE_ANSWERS[status]?.includes(body) ? undefined : `a bare ${status} that conventions.md does not list`
  }
  if (!contentType.startsWith('application/json')) return `a ${status} of type ${contentType || 'none'}`
  const parsed = JSON.parse(body) as Record<string, unknown>
  const keys = Object.keys(parsed).sort().join(',')
  if (keys === 'errors,message') {
    return Array.isArray(parsed.errors) && typeof parsed.message === 'string'
      ? undefined
      : 'a malformed errors envelope'
  }
  const envelope =
    (keys === 'message,type' || keys === 'code,message,type') &&
    typeof parsed.message === 'string' &&
    typeof parsed.type === 'string' &&
    CLIENT_ERROR_TYPES.has(parsed.type) &&
    (parsed.code === undefined || typeof parsed.code === 'string')
  return envelope ? undefined : `a ${status} without the {type, message} envelope`
}
