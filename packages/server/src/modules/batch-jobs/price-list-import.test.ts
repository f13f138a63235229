import { and, asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { csvText, storeImportFile } from '../../testing/factories/batch-jobs.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { moneyAmount } from '../catalog/schema.js'
import { replaceListPricesOfVariants } from '../price-lists/prices.js'
import { ensureStore } from '../store/service.js'
import { BATCH_JOB_TYPES } from './contract.js'
import { BATCH_JOB_STRATEGIES, createBatchJobRunner } from './module.js'
import { batchJob } from './schema.js'

// Server mode: this file drives its own runner (batches of two rows) instead of the app's.
const ctx = useTestApp({ mode: 'server' })
const db = () => ctx.database.db
let headers: Record<string, string>

beforeAll(async () => {
  await ensureStore(db())
  ;({ headers } = await asAdmin(db()))
})

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, payload, headers })
  return { status: res.statusCode, body: res.json() }
}

async function region(name: string, currency_code: string) {
  return makeRegion(db(), { name, currency_code, countries: [await freeCountry(db())] })
}

/** Three variants with default prices, and an active sale list already pricing the first and the last. */
async function catalogue(suffix: string) {
  const product = await makeProduct(db(), {
    variants: ['A', 'B', 'C'].map((letter) => ({
      sku: `${suffix}-${letter}`,
      prices: [{ amount: 2000, currency_code: 'usd' }],
    })),
  })
  const [a, b, c] = product.variants.map((variant) => variant.id)
  const created = await call('POST', '/admin/price-lists', {
    name: `Sale ${suffix}`,
    description: 'Imported',
    type: 'sale',
    status: 'active',
    prices: [
      { variant_id: a, amount: 1900, currency_code: 'usd' },
      { variant_id: c, amount: 1800, currency_code: 'usd' },
    ],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  return { product, a, b, c, listId: created.body.price_list.id as string }
}

async function createJob(listId: string, rows: string[][], dryRun = true) {
  const fileKey = await storeImportFile(ctx.app, csvText(rows))
  return call('POST', '/admin/batch-jobs', {
    type: 'price-list-import',
    context: { fileKey, price_list_id: listId },
    dry_run: dryRun,
  })
}

async function runJobs() {
  await createBatchJobRunner(ctx.app, { batchRows: 2 }).drain()
}

const job = async (id: string) => (await call('GET', `/admin/batch-jobs/${id}`)).body.batch_job

/** The list's prices, comparable: `variant region-or-currency amount [min,max]`. */
async function listPrices(listId: string) {
  const rows = await db()
    .select()
    .from(moneyAmount)
    .where(eq(moneyAmount.price_list_id, listId))
    .orderBy(asc(moneyAmount.variant_id), asc(moneyAmount.currency_code), asc(moneyAmount.amount))
  return rows.map(
    (row) =>
      `${row.variant_id} ${row.region_id ?? row.currency_code} ${row.amount} [${row.min_quantity ?? ''},${row.max_quantity ?? ''}]`,
  )
}

describe('price-list-import', () => {
  it('is one of the job types the contract lists, each with its strategy', () => {
    expect([...BATCH_JOB_STRATEGIES.keys()].sort()).toEqual([...BATCH_JOB_TYPES].sort())
  })

  it('dry run, confirm: replaces the prices of the variants in the file, currencies and a region', async () => {
    const usa = await region('Import USA', 'usd')
    const europe = await region('Import Europe', 'eur')
    const { product, a, b, c, listId } = await catalogue('HAPPY')
    const before = await listPrices(listId)
    const header = [
      'Product Variant ID',
      'SKU',
      'Price USD',
      'Price JPY',
      'Price Import Europe [EUR]',
      'Min Quantity',
      'Max Quantity',
    ]

    const created = await createJob(listId, [
      header,
      [a, '', '12.50', '1500', '11', '', ''],
      ['', 'HAPPY-B', '13.5', '', '9.99', '', ''],
      // The same variant again, in the next batch: a quantity tier, added to the row above's prices.
      [a, 'HAPPY-A', '10', '', '', '10', ''],
    ])
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.batch_job.id
    await runJobs()

    const dryRun = await job(id)
    expect(dryRun.status).toBe('pre_processed')
    expect(dryRun.result).toMatchObject({ count: 3, rows: 3, variants: 2, prices: 6, error_count: 0, errors: [] })
    expect(dryRun.result.stat_descriptors[0]).toMatchObject({ key: 'price-list-import-count' })
    expect(await listPrices(listId)).toEqual(before)

    expect((await call('POST', `/admin/batch-jobs/${id}/confirm`)).status).toBe(200)
    await runJobs()

    const done = await job(id)
    expect(done.status).toBe('completed')
    expect(done.result).toMatchObject({
      advancement_count: 3,
      progress: 1,
      applied: { rows: 3, variants: 2, prices: 6 },
    })
    expect((await listPrices(listId)).sort((x, y) => x.localeCompare(y))).toEqual(
      [
        `${a} usd 1000 [10,]`,
        `${a} usd 1250 [,]`,
        `${a} jpy 1500 [,]`,
        `${a} ${europe.id} 1100 [,]`,
        `${b} usd 1350 [,]`,
        `${b} ${europe.id} 999 [,]`,
        `${c} usd 1800 [,]`,
      ].sort((x, y) => x.localeCompare(y)),
    )

    // The store prices with the list in force: the imported prices, the tier from 10 units.
    const store = async (regionId: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/store/products/${product.id}?region_id=${regionId}` })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().product.variants as { id: string; calculated_price: number; original_price: number }[]
    }
    const inUsa = await store(usa.id)
    expect(inUsa.map((variant) => [variant.id, variant.calculated_price, variant.original_price])).toEqual([
      [a, 1250, 2000],
      [b, 1350, 2000],
      [c, 1800, 2000],
    ])
    expect((await store(europe.id)).find((variant) => variant.id === a)?.calculated_price).toBe(1100)
  })

  it('reports each bad row with line and column, and writes nothing even when confirmed', async () => {
    await region('Rows Europe', 'eur')
    const { a, b, listId } = await catalogue('ROWS')
    const before = await listPrices(listId)
    const header = [
      'Product Variant ID',
      'SKU',
      'Price USD',
      'Price JPY',
      'Price Rows Europe [EUR]',
      'Min Quantity',
      'Max Quantity',
    ]
    const rows = [
      [a, '', '12.50', '', '', '', ''], // 2: fine
      ['variant_missing', '', '10', '', '', '', ''], // 3: unknown variant
      ['', 'NO-SUCH-SKU', '10', '', '', '', ''], // 4: unknown SKU
      [b, '', 'ten', '', '', '', ''], // 5: not an amount
      [b, '', '12.345', '', '', '', ''], // 6: more decimals than USD has
      [b, '', '', '15.5', '', '', ''], // 7: JPY has none
      [b, '', '', '', '-3', '', ''], // 8: negative
      [b, '', '10', '', '', '20', '5'], // 9: min > max
      [b, '', '10', '', '', 'many', ''], // 10: not a quantity
      ['', '', '10', '', '', '', ''], // 11: no variant named
      [a, 'ROWS-B', '10', '', '', '', ''], // 12: the SKU of another variant
      [a, '', '9', '', '', '', ''], // 13: the same price as line 2
      [b, '', '11', '', '', '', '', 'extra'], // 14: a cell too many
    ]

    const created = await createJob(listId, [header, ...rows], false)
    expect(created.status).toBe(201)
    await runJobs()

    const failed = await job(created.body.batch_job.id)
    expect(failed.status).toBe('failed')
    const reported = failed.result.errors
      .filter((error: { code: string }) => error.code === 'invalid_row')
      .map((error: { line: number; column: string | null }) => [error.line, error.column])
    expect(reported).toEqual([
      [3, 'Product Variant ID'],
      [4, 'SKU'],
      [5, 'Price USD'],
      [6, 'Price USD'],
      [7, 'Price JPY'],
      [8, 'Price Rows Europe [EUR]'],
      [9, 'Min Quantity'],
      [10, 'Min Quantity'],
      [11, 'Product Variant ID'],
      [12, 'SKU'],
      [13, 'Price USD'],
      [14, null],
    ])
    expect(failed.result.error_count).toBe(12)
    expect(failed.result.errors[0].message).toMatch(/^Line 3, column "Product Variant ID": /)
    expect(failed.result.errors.at(-1)).toMatchObject({ code: 'batch_job_failed', message: /nothing was imported/ })
    expect(await listPrices(listId)).toEqual(before)
  })

  it('reports a bad header on line 1 naming the column: unknown region, currency or column', async () => {
    await region('Header Europe', 'eur')
    const { a, listId } = await catalogue('HEAD')
    const before = await listPrices(listId)
    const created = await createJob(listId, [
      ['Product Variant ID', 'Price Atlantis [EUR]', 'Price XYZ', 'Price Header Europe [USD]', 'Colour'],
      [a, '1', '1', '1', 'red'],
    ])
    await runJobs()

    const dryRun = await job(created.body.batch_job.id)
    expect(dryRun.status).toBe('pre_processed')
    expect(dryRun.result.errors.map((error: { line: number; column: string }) => [error.line, error.column])).toEqual([
      [1, 'Colour'],
      [1, 'Price Atlantis [EUR]'],
      [1, 'Price XYZ'],
      [1, 'Price Header Europe [USD]'],
    ])
    expect((await call('POST', `/admin/batch-jobs/${created.body.batch_job.id}/confirm`)).status).toBe(200)
    await runJobs()
    expect((await job(created.body.batch_job.id)).status).toBe('failed')
    expect(await listPrices(listId)).toEqual(before)
  })

  it('a job canceled before confirmation writes nothing and cannot be confirmed', async () => {
    const { a, listId } = await catalogue('CANCEL')
    const before = await listPrices(listId)
    const created = await createJob(listId, [
      ['Product Variant ID', 'Price USD'],
      [a, '1'],
    ])
    const id = created.body.batch_job.id
    await runJobs()
    expect((await job(id)).status).toBe('pre_processed')

    const canceled = await call('POST', `/admin/batch-jobs/${id}/cancel`)
    expect(canceled.status).toBe(200)
    expect(canceled.body.batch_job.status).toBe('canceled')
    const confirm = await call('POST', `/admin/batch-jobs/${id}/confirm`)
    expect(confirm.status).toBe(400)
    expect(confirm.body.type).toBe('not_allowed')
    await runJobs()

    expect((await job(id)).status).toBe('canceled')
    expect(await listPrices(listId)).toEqual(before)
  })

  it('refuses a job without a price list, or for one that does not exist, naming context.price_list_id', async () => {
    const fileKey = await storeImportFile(ctx.app, csvText([['SKU', 'Price USD']]))
    const post = (context: object) => call('POST', '/admin/batch-jobs', { type: 'price-list-import', context })

    const unknown = await post({ fileKey, price_list_id: 'pl_missing' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ type: 'not_found', message: expect.stringContaining('context.price_list_id') })
    const missing = await post({ fileKey })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      type: 'invalid_data',
      message: expect.stringContaining('context.price_list_id'),
    })

    const { listId } = await catalogue('REFUSED')
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/admin/price-lists/${listId}`, headers })
    expect(deleted.statusCode).toBe(200)
    expect((await post({ fileKey, price_list_id: listId })).status).toBe(404)
    const extra = await post({ fileKey, price_list_id: listId, mode: 'all' })
    expect(extra).toMatchObject({ status: 400, body: { message: expect.stringContaining('context.mode') } })
    const noFile = await post({ price_list_id: 'pl_missing' })
    expect(noFile.status).toBe(404)
    const { listId: live } = await catalogue('NOFILE')
    const withoutFile = await post({ price_list_id: live })
    expect(withoutFile).toMatchObject({ status: 400, body: { message: expect.stringContaining('context.fileKey') } })
    expect(
      await db()
        .select()
        .from(moneyAmount)
        .where(and(eq(moneyAmount.price_list_id, live))),
    ).toHaveLength(2)
  })

  it('resumes after the last committed batch without replacing a variant met before the interruption', async () => {
    const { a, b, c, listId } = await catalogue('RESUME')
    const created = await createJob(listId, [
      ['Product Variant ID', 'Price USD', 'Min Quantity'],
      [a, '10', ''],
      [b, '11', ''],
      [c, '12', ''],
      [a, '9', '5'], // a's tier, in the batch after the interruption
    ])
    const id = created.body.batch_job.id
    await runJobs()
    expect((await call('POST', `/admin/batch-jobs/${id}/confirm`)).status).toBe(200)
    // A process committed the first batch (a and b), then died holding the job.
    const first = [a, b].map((variant_id, n) => ({
      variant_id,
      amount: 1000 + 100 * n,
      currency_code: 'usd',
      region_id: null,
      min_quantity: null,
      max_quantity: null,
    }))
    await replaceListPricesOfVariants(db(), listId, [a, b], first)
    const dryRun = (await job(id)).result
    await db()
      .update(batchJob)
      .set({
        status: 'processing',
        processing_at: new Date(),
        claim_token: 'dead-process',
        lease_expires_at: sql`now() - interval '1 second'`,
        run_attempts: 1,
        result: { ...dryRun, advancement_count: 2, progress: 0.5, applied: { rows: 2, variants: 2, prices: 2 } },
      })
      .where(eq(batchJob.id, id))

    await runJobs()

    const done = await job(id)
    expect(done.status).toBe('completed')
    expect(done.result).toMatchObject({ advancement_count: 4, applied: { rows: 4, variants: 3, prices: 4 } })
    expect((await listPrices(listId)).sort((x, y) => x.localeCompare(y))).toEqual(
      [`${a} usd 1000 [,]`, `${a} usd 900 [5,]`, `${b} usd 1100 [,]`, `${c} usd 1200 [,]`].sort((x, y) =>
        x.localeCompare(y),
      ),
    )
  })
})
