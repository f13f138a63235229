/**
 * Turns the statements one iteration of a scenario sent (a request, or a whole checkout; see
 * `capture.ts`) into a pgbench script that sends them again, each time with values of its own:
 *
 * - an id made during the iteration (a prefixed ULID, `item_01J…`, timed after `since`) becomes a
 *   new one in every iteration, still ordered by time as ULIDs are;
 * - a UUID (a made-up idempotency key) becomes a new random one;
 * - an input (what the requests name that another iteration names differently, such as a cart, a
 *   variant or a shopper's e-mail, and the ids that were there before) is read from the iteration's
 *   row of `INPUTS_TABLE`: each pgbench connection walks its own share of the rows in order, so that
 *   no two iterations take the same row while the shares last (pgbench defines `share`, the rows
 *   per connection, and `turn`);
 * - everything else is sent as it was.
 *
 * An iteration starts with one `SELECT … \gset` that makes its values (the prelude); the statements
 * then take them as parameters, as the server sends them.
 */
import type { CapturedStatement } from './capture.js'

/** The table `npm run bench:floor` fills with one row of inputs per iteration (`n`, `i1`, `i2`, …). */
export const INPUTS_TABLE = 'bench_floor_inputs'

/** A prefixed ULID, as the server makes ids (`cart_01J…`). */
export const ID_PATTERN = /\b([a-z]+(?:_[a-z]+)*)_([0-9A-HJKMNP-TV-Z]{26})\b/g
const UUID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** The millisecond a ULID was made at: its first 10 characters. */
export function ulidTime(ulid: string): number {
  let time = 0
  for (const char of ulid.slice(0, 10)) time = time * 32 + CROCKFORD.indexOf(char)
  return time
}

/** A new id per iteration: the prefix, then 20 digits of the clock and 6 random characters (26, as a ULID). */
const freshId = (prefix: string) =>
  `'${prefix}_' || to_char(clock_timestamp(), 'YYYYMMDDHH24MISSUS') || upper(substr(md5(random()::text), 1, 6))`

/**
 * pgbench reads `:name` anywhere in a command as a variable, inside quotes too (`"note:abc"` in a
 * document), so a colon before a letter, a digit or `_` is written as another character and put
 * back by `replace`. (A name cannot begin with a digit; a time is hidden all the same.)
 */
function literal(value: string): string {
  const quoted = `'${value.replaceAll("'", "''")}'`
  return /:[A-Za-z0-9_]/.test(value) ? `replace(${quoted.replaceAll(':', '\u0001')}, chr(1), ':')` : quoted
}

/** Whether `value` is an id that was there before `since` (made in setup, or seeded). */
function madeBefore(value: string, since: number): boolean {
  const match = new RegExp(`^${ID_PATTERN.source}$`).exec(value)
  return match !== null && ulidTime(match[2]) < since
}

/**
 * The inputs of a recorded iteration: of what it named (`sent`), the values that the iterations
 * the load would send next (`following`, named alike) name differently, and the ids that were
 * there before `since`. Answers them, and one row of the next iterations' values per iteration.
 */
export function inputsOf(sent: string[], following: string[][], since: number) {
  if (following.some((row) => row.length !== sent.length)) {
    throw new Error('the scenario names a varying number of values per iteration')
  }
  const positions = sent.flatMap((value, position) =>
    madeBefore(value, since) || following.some((row) => row[position] !== value) ? [position] : [],
  )
  return {
    inputs: positions.map((position) => sent[position]),
    rows: positions.length === 0 ? [] : following.map((row) => positions.map((position) => row[position])),
  }
}

export interface FloorScript {
  /** The whole iteration: the prelude, then the statements. */
  script: string
  /** The prelude alone, run by itself to take its cost off the floor. */
  prelude: string
  /** Statements an iteration replays, the prelude not counted. */
  statements: number
}

/**
 * `inputs`: the values of the recorded iteration that come from `INPUTS_TABLE`, in the order of its
 * columns; `since`: when the iteration started (ms), which tells the ids it made from those that
 * were there before.
 */
export function floorScript(captured: CapturedStatement[], inputs: string[], since: number): FloorScript {
  const variables = new Map<string, { name: string; expression: string }>()
  inputs.forEach((input, index) => variables.set(input, { name: `i${index + 1}`, expression: `r.i${index + 1}` }))
  const tokensOf = (value: string) => {
    // An input need not look like an id (an e-mail): it is found wherever the value holds it.
    const found = inputs.filter((input) => value.includes(input))
    for (const [id, prefix, ulid] of value.matchAll(ID_PATTERN)) {
      if (!variables.has(id) && ulidTime(ulid) >= since) {
        variables.set(id, { name: `f${variables.size + 1}`, expression: freshId(prefix) })
      }
      if (variables.has(id)) found.push(id)
    }
    for (const [uuid] of value.matchAll(UUID_PATTERN)) {
      if (!variables.has(uuid)) {
        variables.set(uuid, { name: `u${variables.size + 1}`, expression: 'gen_random_uuid()::text' })
      }
      found.push(uuid)
    }
    return [...new Set(found)]
  }

  const columns: string[] = []
  const commands = captured.map(({ text, values }) => {
    const command = text.replace(/\$(\d+)/g, (_, position: string) => {
      const value = values[Number(position) - 1]
      if (value === undefined) throw new Error(`a statement names $${position} but was sent ${values.length} values`)
      if (value === null) return 'NULL'
      const expression = tokensOf(value).reduce(
        (inner, token) => `replace(${inner}, ${literal(token)}, v.${variables.get(token)!.name})`,
        literal(value),
      )
      columns.push(`${expression} AS p${columns.length + 1}`)
      return `:p${columns.length}`
    })
    const stray = command.replace(/:p\d+\b/g, '').match(/(?<!:):[A-Za-z_][A-Za-z0-9_]*/)
    if (stray) throw new Error(`a statement holds "${stray[0]}", which pgbench would read as a variable`)
    return `${command.trim()};`
  })

  const made = [...variables.values()].map(({ name, expression }) => `${expression} AS ${name}`)
  const source =
    inputs.length > 0
      ? ` FROM (SELECT ${made.join(', ')} FROM ${INPUTS_TABLE} r WHERE r.n = :n) v`
      : made.length > 0
        ? ` FROM (SELECT ${made.join(', ')}) v`
        : ''
  const prelude =
    columns.length === 0
      ? ''
      : [
          ...(inputs.length > 0 ? ['\\set turn :turn + 1', '\\set n 1 + (:client_id * :share + :turn) % :inputs'] : []),
          `SELECT ${columns.join(',\n  ')}${source} \\gset`,
        ].join('\n') + '\n'
  return { script: `${prelude}${commands.join('\n')}\n`, prelude, statements: commands.length }
}
