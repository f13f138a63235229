import { and, eq, sql } from 'drizzle-orm'
import { customType, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeRegion } from '../../testing/factories/regions.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { useTestApp } from '../../testing/test-app.js'
import { shippingOption, shippingOptionRequirement } from '../../modules/shipping/schema.js'
import { baseColumns, timestamptz } from '../columns.js'
import { prepared, preparedInsert, preparedInsertReturning, preparedInsertRows } from './prepared.js'

/**
 * Statements built once and run on any handle: the root database and transactions alike, with the
 * values of each call, answering as drizzle would. Inserts keep null values SQL NULL whatever the
 * column (drizzle's own placeholder encoders throw on a null timestamp and write JSON `null`).
 */

const ctx = useTestApp()
const db = () => ctx.app.db

const probe = pgTable('prepared_probe', {
  ...baseColumns(),
  label: text('label').notNull(),
  seen_at: timestamptz('seen_at'),
  doc: jsonb('doc').$type<unknown>(),
  rank: integer('rank').notNull().default(0),
})

beforeAll(async () => {
  await db().execute(sql`CREATE TABLE prepared_probe (
    id text PRIMARY KEY,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    label text NOT NULL,
    seen_at timestamptz,
    doc jsonb,
    rank integer NOT NULL DEFAULT 0
  )`)
})

const insertProbe = preparedInsert('probe_insert', probe, ['id', 'label', 'seen_at', 'doc'])
const insertProbeReturning = preparedInsertReturning('probe_insert_returning', probe, ['id', 'label', 'doc'])
const byLabel = prepared('probe_by_label', (handle) =>
  handle
    .select({ id: probe.id, seen_at: probe.seen_at, doc: probe.doc })
    .from(probe)
    .where(and(eq(probe.label, sql.placeholder('label')), sql`${probe.rank} >= ${sql.placeholder('rank')}`))
    .orderBy(probe.id),
)

async function stored(id: string) {
  const result = await db().execute(
    sql`SELECT seen_at, doc IS NULL AS doc_is_null, jsonb_typeof(doc) AS doc_type, rank FROM prepared_probe WHERE id = ${id}`,
  )
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0]
}

describe('preparedInsert', () => {
  it('writes null timestamps and null documents as SQL NULL, and each call its own values', async () => {
    const seen = new Date('2026-01-02T03:04:05.678Z')
    await insertProbe(db(), { id: 'p1', label: 'nulls', seen_at: null, doc: null })
    await insertProbe(db(), { id: 'p2', label: 'values', seen_at: seen, doc: ['a', { b: 1 }] })
    await insertProbe(db(), { id: 'p3', label: 'values', seen_at: undefined, doc: 'text' })

    expect(await stored('p1')).toMatchObject({ seen_at: null, doc_is_null: true, doc_type: null, rank: 0 })
    expect(await stored('p2')).toMatchObject({ doc_is_null: false, doc_type: 'array' })
    expect(await stored('p3')).toMatchObject({ seen_at: null, doc_type: 'string' })

    const rows = await byLabel(db(), { label: 'values', rank: 0 })
    expect(rows).toEqual([
      { id: 'p2', seen_at: seen, doc: ['a', { b: 1 }] },
      { id: 'p3', seen_at: null, doc: 'text' },
    ])
    expect(await byLabel(db(), { label: 'values', rank: 1 })).toEqual([])
  })

  it('runs inside transactions, and its returning variant answers the row as drizzle maps it', async () => {
    const [row] = await db().transaction(async (tx) => {
      await insertProbe(tx, { id: 'p4', label: 'in-tx', seen_at: null, doc: { n: 4 } })
      return insertProbeReturning(tx, { id: 'p5', label: 'in-tx', doc: null })
    })
    expect(row).toMatchObject({ id: 'p5', label: 'in-tx', doc: null, seen_at: null, rank: 0 })
    expect(row.created_at).toBeInstanceOf(Date)
    expect((await byLabel(db(), { label: 'in-tx', rank: 0 })).map((found) => found.id)).toEqual(['p4', 'p5'])
  })

  it('rolls back with the transaction it ran in', async () => {
    await expect(
      db().transaction(async (tx) => {
        await insertProbe(tx, { id: 'p6', label: 'rolled-back', seen_at: null, doc: null })
        throw new Error('abandoned')
      }),
    ).rejects.toThrow('abandoned')
    expect(await byLabel(db(), { label: 'rolled-back', rank: 0 })).toEqual([])
  })

  it('refuses to leave out a column whose default is computed in JS, which a kept statement would freeze', () => {
    const stamped = pgTable('stamped_probe', {
      id: text('id').primaryKey(),
      token: text('token').$defaultFn(() => String(Math.random())),
    })
    expect(() => preparedInsert('stamped_insert', stamped, ['id'])).toThrow(/column token/)
    expect(() => preparedInsert('stamped_insert_all', stamped, ['id', 'token'])).not.toThrow()
  })
})

describe('prepared writes', () => {
  it('refuse an update that leaves `updated_at` to drizzle, and keep the time they are given', async () => {
    const frozen = prepared('probe_rank_frozen', (handle) =>
      handle
        .update(probe)
        .set({ rank: sql`${sql.placeholder('rank')}` })
        .where(eq(probe.id, sql.placeholder('id'))),
    )
    expect(() => frozen(db(), { id: 'p1', rank: 1 })).toThrow(/column updated_at/)

    const given = prepared('probe_rank', (handle) =>
      handle
        .update(probe)
        .set({ rank: sql`${sql.placeholder('rank')}`, updated_at: sql`${sql.placeholder('now')}` })
        .where(eq(probe.id, sql.placeholder('id')))
        .returning({ rank: probe.rank, updated_at: probe.updated_at }),
    )
    const first = new Date('2026-03-01T00:00:00.000Z')
    const second = new Date('2026-03-02T00:00:00.000Z')
    expect(await given(db(), { id: 'p1', rank: 1, now: first })).toEqual([{ rank: 1, updated_at: first }])
    expect(await given(db(), { id: 'p1', rank: 2, now: second })).toEqual([{ rank: 2, updated_at: second }])
  })
})

describe('preparedInsertRows', () => {
  const insertRows = preparedInsertRows('probe_insert_rows', probe, ['id', 'label', 'seen_at', 'doc', 'rank'])
  const insertRowsOnce = preparedInsertRows('probe_insert_rows_once', probe, ['id', 'label'], {
    onConflictDoNothing: true,
  })

  it('writes one row or several with the same statement, each value as its column reads it back', async () => {
    const seen = new Date('2026-04-05T06:07:08.901Z')
    // Text that array literals and JSON both escape: quotes, backslashes, braces, commas, NULL.
    const awkward = { say: 'a "quoted", {braced} \\ back\\slash', list: [1, null, 'NULL'], é: 'ü' }

    const [one] = await insertRows(db(), [{ id: 'r1', label: 'rows "one"', seen_at: seen, doc: awkward, rank: 3 }])
    const many = await db().transaction((tx) =>
      insertRows(tx, [
        { id: 'r2', label: 'NULL', seen_at: null, doc: null, rank: 0 },
        { id: 'r3', label: 'rows, many', seen_at: undefined, doc: 'text', rank: -2 },
        { id: 'r4', label: '{}', seen_at: seen, doc: [], rank: 7 },
      ]),
    )

    expect(one).toMatchObject({ id: 'r1', label: 'rows "one"', seen_at: seen, doc: awkward, rank: 3 })
    expect(one.created_at).toBeInstanceOf(Date)
    expect(many.map(({ id, label, seen_at, doc, rank }) => ({ id, label, seen_at, doc, rank }))).toEqual([
      { id: 'r2', label: 'NULL', seen_at: null, doc: null, rank: 0 },
      { id: 'r3', label: 'rows, many', seen_at: null, doc: 'text', rank: -2 },
      { id: 'r4', label: '{}', seen_at: seen, doc: [], rank: 7 },
    ])
    expect(await stored('r2')).toMatchObject({ seen_at: null, doc_is_null: true })
    expect(await stored('r1')).toMatchObject({ doc_type: 'object', rank: 3 })
  })

  it('sends nothing for no rows, and leaves out the rows a conflict refuses when told to', async () => {
    expect(await insertRows(db(), [])).toEqual([])

    const written = await insertRowsOnce(db(), [
      { id: 'r1', label: 'taken' },
      { id: 'r5', label: 'fresh' },
    ])

    expect(written.map((row) => [row.id, row.label])).toEqual([['r5', 'fresh']])
    await expect(insertRows(db(), [{ id: 'r5', label: 'again', seen_at: null, doc: null, rank: 0 }])).rejects.toThrow()
  })
  it('refuses, when called, a column whose values do not encode to text', async () => {
    // A type whose driver value is an object, which no text array can carry.
    const asObject = customType<{ data: { a: number }; driverData: { a: number } }>({
      dataType: () => 'jsonb',
      toDriver: (value) => value,
    })
    const odd = pgTable('prepared_probe', { id: text('id').primaryKey(), doc: asObject('doc') })
    const insertOdd = preparedInsertRows('probe_insert_odd', odd, ['id', 'doc'])

    await expect(insertOdd(db(), [{ id: 'r6', doc: { a: 1 } }])).rejects.toThrow(/column doc does not encode to text/)
    expect(await stored('r6')).toBeUndefined()
  })
})

describe('prepared relational queries', () => {
  const requirementsOrder = [shippingOptionRequirement.type]
  const optionWithRequirements = prepared('probe_option_with_requirements', (handle) =>
    handle.query.shippingOption.findFirst({
      where: eq(shippingOption.id, sql.placeholder('id')),
      with: { region: true, requirements: { orderBy: requirementsOrder } },
    }),
  )

  it('answer the nested rows drizzle answers, with each call its values, in and out of transactions', async () => {
    const region = await makeRegion(db())
    const first = await makeShippingOption(db(), region.id, {
      requirements: [
        { type: 'min_subtotal', amount: 100 },
        { type: 'max_subtotal', amount: 900 },
      ],
    })
    const second = await makeShippingOption(db(), region.id)
    const direct = (id: string) =>
      db().query.shippingOption.findFirst({
        where: eq(shippingOption.id, id),
        with: { region: true, requirements: { orderBy: requirementsOrder } },
      })

    const kept = await optionWithRequirements(db(), { id: first.id })
    expect(kept).toEqual(await direct(first.id))
    expect(kept?.requirements.map((row) => row.type)).toEqual(['max_subtotal', 'min_subtotal'])
    expect(kept?.region.id).toBe(region.id)
    expect(kept?.created_at).toBeInstanceOf(Date)
    const inTransaction = await db().transaction((tx) => optionWithRequirements(tx, { id: second.id }))
    expect(inTransaction).toEqual(await direct(second.id))
    expect(inTransaction?.requirements).toEqual([])
    expect(await optionWithRequirements(db(), { id: 'so_missing' })).toBeUndefined()
  })
})

describe('prepared raw statements', () => {
  it('answer the rows as they come, with each call its values', async () => {
    const labelOf = prepared('probe_label_raw', (handle) =>
      handle.execute(sql`SELECT label FROM prepared_probe WHERE id = ${sql.placeholder('id')}`),
    )
    const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows

    expect(rowsOf(await labelOf(db(), { id: 'r3' }))).toEqual([{ label: 'rows, many' }])
    expect(rowsOf(await db().transaction((tx) => labelOf(tx, { id: 'r4' })))).toEqual([{ label: '{}' }])
  })
})
