import type { FastifyInstance } from 'fastify'
import { InvalidData } from './errors.js'

/**
 * The query string parser builds nested values (`id[0][1]=x` → `{ id: [['x']] }`), but no route
 * takes a list of lists or of objects: the query validator's coercion would flatten some of them
 * and let others through, so they are refused where they enter, with a 400 naming the field.
 */

/** The dotted path of the first list holding a list or an object, if any. */
export function nestedListPath(value: unknown, path = ''): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  if (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null)) return path
  for (const [key, child] of Object.entries(value)) {
    const found = nestedListPath(child, path ? `${path}.${key}` : key)
    if (found !== undefined) return found
  }
  return undefined
}

/** A nesting needs two bracket pairs in a row; only then is the parsed query walked. */
const TWO_LEVELS = /\]\[|%5D%5B|%5D\[|\]%5B/i

export function refuseNestedQueryLists(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const queryStart = request.url.indexOf('?')
    const field =
      queryStart >= 0 && TWO_LEVELS.test(request.url.slice(queryStart)) ? nestedListPath(request.query) : undefined
    done(field === undefined ? undefined : new InvalidData(`${field} must be a value or a list of values`))
  })
}
