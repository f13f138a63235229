import type { FastifyInstance } from 'fastify'
import { InvalidData } from '../core/errors.js'

/**
 * PostgreSQL's text cannot hold the NUL character (U+0000): a statement given one fails whole. Such
 * input is refused where it enters (the JSON body, the path and the query string) with a 400 that
 * names the field, before it reaches the database as a 500.
 */
const NUL = '\u0000'

/** The dotted path (`items.0.variant_id`) of the first key or string holding a NUL, if any. */
export function nulCharacterPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined
  if (typeof value !== 'object' || value === null) return undefined
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (key.includes(NUL)) return at
    const found = nulCharacterPath(child, at)
    if (found !== undefined) return found
  }
  return undefined
}

const refusal = (field: string) => new InvalidData(`${field} must not contain the NUL character (U+0000)`)

/**
 * The error for a parsed JSON body holding a NUL, or undefined. JSON can only carry one escaped,
 * so a body whose text has no `\u0000` is not walked.
 */
export function nulCharacterInBody(text: string, body: unknown): InvalidData | undefined {
  if (!text.includes('\\u0000')) return undefined
  const field = nulCharacterPath(body)
  return field === undefined ? undefined : refusal(field || 'body')
}

/** Refuses a path parameter or query field holding a NUL (`%00` in the URL; only then are they walked). */
export function refuseNulCharactersInUrl(app: FastifyInstance): void {
  // A callback hook: every request passes here, and most only for one string search.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = request.url.includes('%00')
      ? (nulCharacterPath(request.params) ?? nulCharacterPath(request.query))
      : undefined
    done(field === undefined ? undefined : refusal(field))
  })
}
