/** A PostgreSQL error as the drivers report it (SQLSTATE and the object it concerns). */
export interface PgError {
  code: string
  table?: string
  column?: string
  constraint?: string
  detail?: string
}

/** The database's error behind an error, if any: drizzle wraps the driver's. */
export function findPgError(error: unknown): PgError | undefined {
  // Drizzle wraps driver errors; the SQLSTATE is on the error or on its cause.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as Partial<PgError> & { cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate as PgError
    current = candidate.cause
  }
  return undefined
}
