import AjvModule, { type ErrorObject } from 'ajv'
import formatsModule from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * Bodies are validated strictly (no type coercion: `"5"` is not a number); query strings and path
 * params arrive as text, so they are coerced ("true" → true, "20" → 20, one value → array).
 * Undeclared keys are never dropped silently: schemas declare `additionalProperties: false` and the
 * request is a 400 naming the key, as in v1.
 */
// Both packages are CommonJS with a `default` export; under NodeNext the class sits on `.default`.
const Ajv = AjvModule.default
const addFormats = formatsModule.default

function makeAjv(coerce: boolean): InstanceType<typeof Ajv> {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    strict: false,
  })
  addFormats(ajv)
  return ajv
}

const bodyAjv = makeAjv(false)
const queryAjv = makeAjv(true)

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema as object)

const PART_LABEL: Record<string, string> = { body: '', querystring: '', params: '', headers: 'header ' }

function fieldOf(error: ErrorObject, part: string): string {
  const path = error.instancePath.split('/').filter(Boolean).join('.')
  const extra = error.params as { additionalProperty?: string; missingProperty?: string }
  const leaf = extra.missingProperty ?? extra.additionalProperty
  const full = [path, leaf].filter(Boolean).join('.')
  return `${PART_LABEL[part] ?? ''}${full || part}`
}

function messageOf(error: ErrorObject, part: string): string {
  const field = fieldOf(error, part)
  switch (error.keyword) {
    case 'additionalProperties':
      return `property ${field} should not exist`
    case 'required':
      return `${field} is required`
    case 'type':
      return `${field} must be a ${(error.params as { type: string }).type}`
    case 'format':
      return `${field} must be a valid ${(error.params as { format: string }).format}`
    case 'enum':
      return `${field} must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`
    case 'anyOf':
    case 'oneOf':
      return `${field} has an invalid type or value`
    default:
      return `${field} ${error.message ?? 'is invalid'}`
  }
}

/** All constraint messages joined with ", ", each naming its field (reference/conventions.md §1). */
export function formatValidationErrors(errors: ErrorObject[], part: string): Error {
  // anyOf/oneOf also report every failing branch; keep the summary unless it is the only error.
  const branchless = errors.filter(
    (error) => !error.schemaPath.includes('anyOf/') && !error.schemaPath.includes('oneOf/'),
  )
  const relevant = branchless.length > 0 ? branchless : errors
  const messages = [...new Set(relevant.map((error) => messageOf(error, part)))]
  return new Error(messages.join(', '))
}
