/**
 * Typed errors thrown by services and mapped once to the wire envelope `{ type, message, code? }`
 * (reference/conventions.md §2) by the error handler.
 */
export type ErrorType =
  | 'invalid_data'
  | 'not_allowed'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'duplicate_error'
  | 'payment_authorization_error'
  | 'database_error'
  | 'unexpected_state'
  | 'invalid_argument'

export class AppError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class InvalidData extends AppError {
  constructor(message: string, code?: string) {
    super('invalid_data', message, code)
  }
}

export class NotAllowed extends AppError {
  constructor(message: string, code?: string) {
    super('not_allowed', message, code)
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Unauthorized') {
    super('unauthorized', message)
  }
}

export class NotFound extends AppError {
  constructor(message: string) {
    super('not_found', message)
  }

  /** `Product with id prod_1 was not found`, the v1 wording. */
  static entity(entity: string, id: string, key = 'id'): NotFound {
    return new NotFound(`${entity} with ${key} ${id} was not found`)
  }
}

export class Conflict extends AppError {
  constructor(message = 'The request conflicted with another request.') {
    super('conflict', message)
  }
}

export class DuplicateError extends AppError {
  constructor(message: string) {
    super('duplicate_error', message)
  }
}

export class PaymentAuthorizationError extends AppError {
  constructor(message: string) {
    super('payment_authorization_error', message)
  }
}

export class UnexpectedState extends AppError {
  constructor(message: string, code?: string) {
    super('unexpected_state', message, code)
  }
}

/**
 * The multiple-errors envelope (publishable-key scope violations, cart completion inventory):
 * `{ errors: [...], message }` with its own status.
 */
export class MultipleErrors extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: unknown[],
    message = 'Provided request body contains errors. Please check the data and retry the request',
  ) {
    super(message)
    this.name = 'MultipleErrors'
  }
}

/** A bare-status answer with a plain-text body, as v1 sends for failed logins (`401 Unauthorized`). */
export class BareStatus extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(body)
    this.name = 'BareStatus'
  }
}

/**
 * `429`: too many attempts; the client may try again after `retryAfterSeconds` (the `Retry-After`
 * header). The body is the envelope the rate limiter answers with.
 */
export class TooManyRequests extends Error {
  readonly statusCode = 429

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message)
    this.name = 'TooManyRequests'
  }
}
