import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import fastJson from 'fast-json-stringify'

/**
 * Response serialization with fast-json-stringify, as Fastify's default, over schemas rewritten so
 * that the contracts' unions cost nothing per answer.
 *
 * The contracts say "X or null" as `anyOf: [X, null]` (TypeBox's `Nullable`), and enums as `anyOf`
 * of literals. fast-json-stringify picks an `anyOf` branch by validating the value against each
 * with Ajv: on every answer, for every such field (a cart's lines each validate their whole
 * variant), and after compiling each validator on the first answer that meets it (seconds of CPU
 * after a start). Rewritten as `nullable: true` on X, and as the literals' one type, the fields are
 * written directly. Only serialization sees the rewrite: requests are still validated against the
 * contracts as written.
 */

type Schema = Record<string, unknown>

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isNull = (schema: Schema) => schema.type === 'null' && Object.keys(schema).length === 1

/** A literal (`{ const, type }`) of a primitive type, as TypeBox writes `Type.Literal`. */
const literalType = (schema: Schema): string | undefined =>
  'const' in schema && typeof schema.type === 'string' && schema.type !== 'object' && schema.type !== 'array'
    ? schema.type
    : undefined

/** The same schema with its unions written as fast-json-stringify serializes them without Ajv. */
export function withPlainUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withPlainUnions)
  if (!isSchema(schema)) return schema
  const copy: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    // Property maps hold schemas under user-chosen names, rewritten like any schema.
    copy[key] = isSchema(value) || Array.isArray(value) ? withPlainUnions(value) : value
  }
  return Array.isArray(copy.anyOf) ? plainUnion(copy) : copy
}

function plainUnion(schema: Schema): Schema {
  const { anyOf, ...siblings } = schema as Schema & { anyOf: unknown[] }
  if (!anyOf.every(isSchema)) return schema
  const branches = anyOf as Schema[]
  const nullable = branches.some(isNull)
  const rest = branches.filter((branch) => !isNull(branch))
  const types = new Set(rest.map(literalType))
  let plain: Schema | undefined
  if (rest.length > 1 && types.size === 1 && !types.has(undefined)) {
    // Literals of one type: the value is written as that type, no longer checked against them.
    plain = { type: [...types][0] }
  } else if (rest.length === 1 && nullable && typeof rest[0].type === 'string') {
    plain = rest[0]
  } else if (rest.length === 1 && nullable && Object.keys(rest[0]).length === 0) {
    // "Anything or null" is anything.
    return { ...siblings }
  }
  if (!plain) return schema
  return { ...siblings, ...plain, ...(nullable ? { nullable: true } : {}) }
}

/** Fastify's serializer compiler, over the rewritten schema. */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) =>
  fastJson(withPlainUnions(schema) as Parameters<typeof fastJson>[0])
