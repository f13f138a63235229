import { describe, expect, it } from 'vitest'
import { floorScript, inputsOf, ulidTime } from './floor-script.js'

/** A prefixed id made at `time` (ms), as the server's `generateId` makes them. */
function idAt(prefix: string, time: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
  let encoded = ''
  for (let rest = time, index = 0; index < 10; index++, rest = Math.floor(rest / 32)) {
    encoded = alphabet[rest % 32] + encoded
  }
  return `${prefix}_${encoded}${'0'.repeat(16)}`
}

const since = Date.UTC(2026, 10, 29, 12, 0, 0)
const cart = idAt('cart', since - 60_000)
const variant = idAt('variant', since - 86_400_000)
const item = idAt('item', since + 5)
const region = idAt('reg', since - 86_400_000)
const key = '5073f4b6-bfb3-43d1-9b63-077c3026ec7e'

describe('ulidTime', () => {
  it('reads the millisecond an id was made at', () => {
    expect(ulidTime(item.slice('item_'.length))).toBe(since + 5)
  })
})

describe('floorScript', () => {
  const captured = [
    { text: 'begin', values: [] },
    { text: 'SELECT pg_advisory_xact_lock(1, hashtext($1))', values: [cart] },
    {
      text: 'insert into "line_item" ("id", "cart_id", "variant_id", "title", "metadata") values ($1, $2, $3, $4, $5)',
      values: [item, cart, variant, 'Shirt', null],
    },
    { text: 'SELECT $1::text[], $2::text', values: [`{"${variant}"}`, region] },
    { text: 'commit', values: [] },
    {
      text: 'INSERT INTO "idempotency_key" (id, idempotency_key, response_body) SELECT $1, $2, $3',
      values: [
        idAt('ikey', since + 7),
        key,
        JSON.stringify({
          cart: {
            id: cart,
            items: [{ id: item }],
            updated_at: '2026-11-29T12:00:00.005Z',
            metadata: { note: 'gift:wrap' },
          },
        }),
      ],
    },
  ]
  const { script, prelude, statements } = floorScript(captured, [cart, variant], since)
  const select = prelude
    .split('\n')
    .filter((line) => !line.startsWith('\\set'))
    .join('\n')

  it('replays every statement, with a parameter for every value but nulls', () => {
    expect(statements).toBe(6)
    expect(script).toContain('SELECT pg_advisory_xact_lock(1, hashtext(:p1));')
    expect(script).toContain('values (:p2, :p3, :p4, :p5, NULL);')
    expect(script).toContain('SELECT :p6::text[], :p7::text;')
    expect(script).toMatch(/^begin;$/m)
    expect(script).toMatch(/^commit;$/m)
  })

  it('picks an iteration’s inputs from a row of its own', () => {
    expect(prelude.startsWith('\\set turn :turn + 1\n\\set n 1 + (:client_id * :share + :turn) % :inputs\n')).toBe(true)
    expect(select).toContain('FROM bench_floor_inputs r WHERE r.n = :n) v \\gset')
    expect(select).toContain(`replace('${cart}', '${cart}', v.i1) AS p1`)
    expect(select).toContain(`replace('{"${variant}"}', '${variant}', v.i2) AS p6`)
  })

  it('makes new ids where the request made them, and leaves older ones as they were', () => {
    expect(select).toMatch(/'item_' \|\| to_char\(clock_timestamp\(\), 'YYYYMMDDHH24MISSUS'\)/)
    expect(select).toContain(`replace('${item}', '${item}', v.f3) AS p2`)
    expect(select).toContain('gen_random_uuid()::text AS u')
    expect(select).toContain(`'${region}' AS p7`)
    expect(select).not.toContain(`'${region}', v.`)
  })

  it('replaces every id a value holds, inside a document too', () => {
    const body = select.split('\n').find((line) => line.includes('AS p10'))!
    for (const variable of ['v.i1', 'v.f3']) expect(body).toContain(variable)
  })

  it('hides from pgbench a colon that it would read as a variable', () => {
    const body = select.split('\n').find((line) => line.includes('AS p10'))!
    expect(body).toContain("chr(1), ':')")
    expect(body).not.toMatch(/:wrap/)
    expect(select.replace(/:n\b/g, '')).not.toMatch(/(?<!:):[A-Za-z0-9_]/)
  })

  it('refuses a statement holding what pgbench would take for a variable', () => {
    expect(() => floorScript([{ text: "SELECT to_char(now(), 'HH24:MI')", values: [] }], [], since)).toThrow(
      /":MI", which pgbench would read as a variable/,
    )
  })

  it('refuses a statement that names more values than it was sent', () => {
    expect(() => floorScript([{ text: 'SELECT $2', values: ['a'] }], [], since)).toThrow(/names \$2/)
  })

  it('finds an input that is no id wherever a value holds it', () => {
    const email = 'shopper-7@bench.emporium.test'
    const { prelude: made } = floorScript(
      [{ text: 'UPDATE "cart" SET email = $1, metadata = $2', values: [email, JSON.stringify({ by: email })] }],
      [email],
      since,
    )
    expect(made).toContain(`replace('${email}', '${email}', v.i1) AS p1`)
    expect(made).toContain(`replace('{"by":"${email}"}', '${email}', v.i1) AS p2`)
  })

  it('makes no prelude for statements without values', () => {
    expect(floorScript([{ text: 'SELECT 1', values: [] }], [], since)).toEqual({
      script: 'SELECT 1;\n',
      prelude: '',
      statements: 1,
    })
  })
})

describe('inputsOf', () => {
  const newCart = idAt('cart', since + 3)
  const sent = [newCart, variant, 'shopper-1@bench.test', 'us', region]
  const following = [
    [newCart, idAt('variant', since - 5_000), 'shopper-2@bench.test', 'us', region],
    [newCart, variant, 'shopper-3@bench.test', 'us', region],
  ]

  it('takes what the next iterations name differently, and the ids that were there before', () => {
    expect(inputsOf(sent, following, since)).toEqual({
      inputs: [variant, 'shopper-1@bench.test', region],
      rows: [
        [following[0][1], 'shopper-2@bench.test', region],
        [variant, 'shopper-3@bench.test', region],
      ],
    })
  })

  it('leaves out an id the iteration made and a value that never changes', () => {
    const { inputs } = inputsOf(sent, following, since)
    expect(inputs).not.toContain(newCart)
    expect(inputs).not.toContain('us')
  })

  it('answers no rows when nothing varies', () => {
    expect(inputsOf([newCart, 'us'], [[newCart, 'us']], since)).toEqual({ inputs: [], rows: [] })
  })

  it('refuses iterations that name a different number of values', () => {
    expect(() => inputsOf(sent, [sent.slice(1)], since)).toThrow(/varying number of values/)
  })
})
