/**
 * The line each key (a SKU, a product's id or handle) was first seen on, for checks across a whole
 * import file. Keys are kept as 64-bit hashes in typed arrays (12 bytes a slot, at most 3/4 full),
 * not as strings in a Map: a file of a million rows needs a few megabytes, whatever its keys' length.
 * Two distinct keys sharing a hash would be reported as a repeat; with 64 bits the odds for a
 * million keys are about one in 30 million.
 */
export class FirstLines {
  private hashes = new Uint32Array(2 * 1024)
  /** 0 marks an empty slot: file lines start at 1. */
  private lines = new Uint32Array(1024)
  private size = 0

  /** The line `key` was first seen on; undefined (and `line` recorded) when it is new. */
  firstLine(key: string, line: number): number | undefined {
    hash(key)
    const mask = this.lines.length - 1
    for (let slot = high & mask; ; slot = (slot + 1) & mask) {
      const seen = this.lines[slot]
      if (seen === 0) break
      if (this.hashes[2 * slot] === high && this.hashes[2 * slot + 1] === low) return seen
    }
    if ((this.size + 1) * 4 > this.lines.length * 3) this.grow()
    this.insert(high, low, line)
    this.size++
    return undefined
  }

  private insert(first: number, second: number, line: number): void {
    const mask = this.lines.length - 1
    let slot = first & mask
    while (this.lines[slot] !== 0) slot = (slot + 1) & mask
    this.hashes[2 * slot] = first
    this.hashes[2 * slot + 1] = second
    this.lines[slot] = line
  }

  private grow(): void {
    const { hashes, lines } = this
    this.hashes = new Uint32Array(hashes.length * 2)
    this.lines = new Uint32Array(lines.length * 2)
    for (let slot = 0; slot < lines.length; slot++) {
      if (lines[slot] !== 0) this.insert(hashes[2 * slot], hashes[2 * slot + 1], lines[slot])
    }
  }
}

// The two halves of the last hash (module state rather than a returned pair: no allocation per key).
let high = 0
let low = 0

/** A 64-bit string hash (two 32-bit lanes mixed into each other, as cyrb53 does). */
function hash(key: string): void {
  let first = 0xdeadbeef
  let second = 0x41c6ce57
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index)
    first = Math.imul(first ^ code, 2654435761)
    second = Math.imul(second ^ code, 1597334677)
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909)
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909)
  high = first >>> 0
  low = second >>> 0
}
