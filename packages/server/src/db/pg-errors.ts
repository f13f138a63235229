import { Conflict, DuplicateError, InvalidData, NotFound, type AppError } from '../http/errors.js'

interface PgError {
  code: string
  table?: string
  column?: string
  constraint?: string
  detail?: string
}

export function findPgError(error: unknown): PgError | undefined {
  // Drizzle wraps driver errors; the SQLSTATE is on the error or on its cause.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as Partial<PgError> & { cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as PgError
    current = candidate.cause
  }
  return undefined
}

const titleCase = (table: string) =>
  table
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')

/**
 * The column a CHECK constraint is about, from PostgreSQL's naming (`{table}_{column}_check`), so
 * the answer names the field and never the constraint itself.
 */
function checkedColumn(pgError: PgError): string | undefined {
  const { table, constraint } = pgError
  if (!table || !constraint?.startsWith(`${table}_`) || !constraint.endsWith('_check')) return undefined
  const column = constraint.slice(table.length + 1, -'_check'.length).replace(/\d+$/, '')
  return /^[a-z][a-z0-9_]*$/.test(column) ? column : undefined
}

/**
 * Maps SQLSTATEs to typed errors as v1 does (unique → duplicate_error 422, foreign key → not_found,
 * serialization failure → conflict, not null → invalid_data). Never echoes the driver's message (it
 * can hold SQL and parameters) nor a constraint's name (it tells the schema, not the caller's mistake).
 */
export function fromPgError(error: unknown): AppError | undefined {
  const pgError = findPgError(error)
  if (!pgError) return undefined
  switch (pgError.code) {
    case '23505': {
      const match = /Key \((?:lower\()?([^)]+?)\)?\)=\((.*)\) already exists/.exec(pgError.detail ?? '')
      const entity = titleCase(pgError.table ?? 'entity')
      return new DuplicateError(
        match ? `${entity} with ${match[1]} ${match[2]} already exists.` : `${entity} already exists.`,
      )
    }
    case '23503':
      return new NotFound('A referenced record does not exist')
    case '23502':
      return new InvalidData(`${pgError.column ?? 'A required field'} must not be null`)
    case '23514': {
      const column = checkedColumn(pgError)
      return new InvalidData(column ? `${column} is out of range` : 'A value is out of range')
    }
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new InvalidData('A value has an invalid format')
    case '22021':
    case '22P05':
      // Text or JSON holding U+0000, which PostgreSQL cannot store: input the edge checks missed.
      return new InvalidData('A text value holds the NUL character (U+0000), which cannot be stored')
    case '40001':
    case '40P01':
      return new Conflict()
    default:
      return undefined
  }
}
