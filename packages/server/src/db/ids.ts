import { randomFillSync } from 'node:crypto'
import { ulid } from 'ulid'

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
 * A generator of ULIDs whose 80 random bits are drawn afresh for every id, so an id tells nothing
 * of its neighbours (a cart id is the key to the cart). They still sort in the order one process
 * made them: the time part is a clock that never repeats or goes back, each id taking the current
 * millisecond or, when the last id already took it (or the system clock was set back), the one
 * after. A burst of ids runs ahead of the wall clock by a millisecond per id, and real time
 * catches up afterwards.
 */
export function ulidGenerator(now: () => number = Date.now): () => string {
  let lastTime = 0
  return () => {
    const time = now()
    lastTime = time > lastTime ? time : lastTime + 1
    return ulid(lastTime, pooledRandom)
  }
}

const nextUlid = ulidGenerator()

/** A prefixed, sortable, random id such as `prod_01J…` (reference/conventions.md §9). */
export function generateId(prefix: string): string {
  return `${prefix}_${nextUlid()}`
}
