import { monotonicFactory } from 'ulid'

const nextUlid = monotonicFactory()

/** A prefixed, sortable, random id such as `prod_01J…` (reference/conventions.md §9). */
export function generateId(prefix: string): string {
  return `${prefix}_${nextUlid()}`
}
