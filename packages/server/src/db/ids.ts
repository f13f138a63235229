import { randomFillSync } from 'node:crypto'
import { monotonicFactory } from 'ulid'

const randomBytes = new Uint8Array(4096)
let nextByte = randomBytes.length

/**
 * ulid's own generator asks the system for one byte per character, 16 calls for each new id; a
 * pool of cryptographically random bytes refilled 4 KiB at a time makes that one call per 256 ids.
 * A byte / 256 picks one of the 32 characters evenly.
 */
function pooledRandom(): number {
  if (nextByte === randomBytes.length) {
    randomFillSync(randomBytes)
    nextByte = 0
  }
  return randomBytes[nextByte++] / 256
}

/**
 * A generator of monotonic ULIDs drawing on the pool. Within one millisecond, or while the clock is
 * behind the last id's time (set back), it counts up from the last id instead of drawing afresh.
 */
export const ulidGenerator = () => monotonicFactory(pooledRandom)

const nextUlid = ulidGenerator()

/** A prefixed, sortable, random id such as `prod_01J…` (reference/conventions.md §9). */
export function generateId(prefix: string): string {
  return `${prefix}_${nextUlid()}`
}
