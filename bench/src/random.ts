/**
 * Deterministic pseudo-random data, so two runs of the generator write the same catalogue and their
 * figures can be compared. Each product draws from its own stream (seed + index), which keeps
 * product N identical whether 1,000 or 10,000 products are generated.
 */

export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** `count` distinct items, in the list's order. */
  sample<T>(items: readonly T[], count: number): T[]
}

/** FNV-1a over the parts, used to derive one stream's 32-bit seed. */
function hash(...parts: (string | number)[]): number {
  let h = 0x811c9dc5
  for (const char of parts.join('\u0000')) {
    h ^= char.charCodeAt(0)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function createRandom(...seed: (string | number)[]): Random {
  let state = hash(...seed)
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    sample: (items, count) => {
      const chosen = new Set<number>()
      while (chosen.size < Math.min(count, items.length)) chosen.add(int(0, items.length - 1))
      return [...chosen].sort((a, b) => a - b).map((index) => items[index])
    },
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * A `<prefix>_<ULID>` id like the server's (reference/conventions.md §9), but with its time part
 * taken from the row's creation date and its random part from the stream, so ids repeat run to run.
 */
export function deterministicId(prefix: string, createdAt: Date, random: Random): string {
  let time = ''
  let ms = createdAt.getTime()
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time
    ms = Math.floor(ms / 32)
  }
  let rest = ''
  for (let i = 0; i < 16; i++) rest += CROCKFORD[random.int(0, 31)]
  return `${prefix}_${time}${rest}`
}
