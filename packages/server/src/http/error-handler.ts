import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { fromPgError } from '../core/pg-errors.js'
import { AppError, BareStatus, MultipleErrors, TooManyRequests, type ErrorType } from '../core/errors.js'

const CONFLICT_MESSAGE =
  'The request conflicted with another request. You may retry the request with the provided Idempotency-Key.'

const STATUS: Record<ErrorType, number> = {
  invalid_data: 400,
  not_allowed: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  duplicate_error: 422,
  payment_authorization_error: 422,
  database_error: 500,
  unexpected_state: 500,
  invalid_argument: 500,
}

export interface ErrorEnvelope {
  type: string
  message: string
  code?: string
}

/** The wire envelope and status of a typed error, per reference/conventions.md §2. */
export function envelopeOf(error: AppError): { status: number; body: ErrorEnvelope } {
  const status = STATUS[error.type]
  switch (error.type) {
    case 'conflict':
      return { status, body: { type: 'conflict', message: CONFLICT_MESSAGE, code: 'invalid_state_error' } }
    case 'duplicate_error':
      return { status, body: { type: error.type, message: error.message, code: 'invalid_request_error' } }
    case 'database_error':
      return { status, body: { type: error.type, message: error.message, code: 'api_error' } }
    default:
      return { status, body: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } }
  }
}

function handleError(this: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof BareStatus) return reply.status(error.statusCode).type('text/plain').send(error.body)
  if (error instanceof TooManyRequests) {
    reply.header('retry-after', String(error.retryAfterSeconds))
    return reply.status(429).send({ type: 'not_allowed', message: error.message })
  }
  if (error instanceof MultipleErrors) {
    return reply.status(error.statusCode).send({ errors: error.errors, message: error.message })
  }
  const typed = error instanceof AppError ? error : fromPgError(error)
  if (typed) {
    const { status, body } = envelopeOf(typed)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    return reply.status(status).send(body)
  }
  if (error.validation) {
    return reply.status(400).send({ type: 'invalid_data', message: error.message })
  }
  // Fastify's own 4xx (malformed JSON, unsupported media type, body too large, rate limit…).
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const type =
      status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : status === 429 ? 'not_allowed' : 'invalid_data'
    return reply.status(status).send({ type, message: error.message })
  }
  request.log.error({ err: error }, 'unhandled error')
  return reply.status(500).send({ code: 'unknown_error', type: 'unknown_error', message: 'An unknown error occurred.' })
}

/** What the router refuses before any route is found; Fastify's own answer echoes the whole path. */
const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
  FST_ERR_BAD_URL: 'The path is not a valid URL: it holds a malformed percent-encoding',
}

/** The router's longest path parameter (Fastify's default `maxParamLength`). */
export const MAX_PARAM_LENGTH = 100

/**
 * A path no route takes whose segment is longer than a parameter may be: answered as the router
 * answers such a parameter (414), when a catch-all route (the storefront's) matched it instead.
 */
export function refuseLongSegment(path: string, reply: FastifyReply): boolean {
  if (!path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return false
  reply.status(414).send({ type: 'invalid_data', message: FRAMEWORK_ERRORS.FST_ERR_MAX_PARAM_LENGTH })
  return true
}

/** Fastify's `frameworkErrors`: the router's refusals in the wire envelope. */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400
  reply.status(status).send({ type: 'invalid_data', message: FRAMEWORK_ERRORS[error.code] ?? 'The request is invalid' })
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError)
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ type: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` })
  })
}
