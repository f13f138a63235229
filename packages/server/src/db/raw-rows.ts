/**
 * The rows of a raw statement (`db.execute(sql)`, or one kept by `prepared`): both drivers answer
 * it with `{ rows }`, which drizzle's typings do not say. `T` is what the statement selects.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
