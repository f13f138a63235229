import type { FastifyInstance } from 'fastify'
import { InvalidData } from '../core/errors.js'
import { nulCharacterInBody } from './nul-characters.js'

/**
 * Deepest nesting of objects and arrays a JSON body may have: far above any request's own shape (a
 * product's variants' prices are four levels down), far below what writing it back out (a jsonb
 * column's `JSON.stringify`) takes before the stack runs out, which answered a 500.
 */
export const MAX_JSON_DEPTH = 64

/** Whether `value`, found at `depth`, holds an object or array nested deeper than the limit. */
function nestsTooDeep(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (depth > MAX_JSON_DEPTH) return true
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (nestsTooDeep(child, depth + 1)) return true
  }
  return false
}

/** Whether the text opens more objects and arrays than the limit; only then can it nest too deep. */
function opensManyContainers(text: string): boolean {
  if (text.length <= 2 * MAX_JSON_DEPTH) return false
  let opened = 0
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at)
    if ((code === 0x7b || code === 0x5b) && ++opened > MAX_JSON_DEPTH) return true // { or [
  }
  return false
}

/** The error for a parsed body nested too deep, naming its top-level field, or undefined; one walk. */
export function nestingError(text: string, body: unknown): InvalidData | undefined {
  if (!opensManyContainers(text)) return undefined
  const field =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? Object.entries(body).find(([, value]) => nestsTooDeep(value, 2))?.[0]
      : nestsTooDeep(body, 1)
        ? 'body'
        : undefined
  return field === undefined
    ? undefined
    : new InvalidData(`${field} must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`)
}

/**
 * The JSON body parser: Fastify's own (which refuses `__proto__` keys), then the checks that keep
 * what the database cannot take out of the request: the NUL character and deep nesting.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    // v1 clients POST some actions (payment sessions, revoke, …) with a JSON content type and no
    // body; an empty body is taken as absent instead of failing the request.
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, (error, parsed) => {
      const refused = error ? undefined : (nulCharacterInBody(text, parsed) ?? nestingError(text, parsed))
      if (refused) done(refused, undefined)
      else done(error, parsed)
    })
  })
}
