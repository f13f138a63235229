import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, isNull, like, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import { csvText, storeImportFile } from '../../testing/factories/batch-jobs.js'
import { makeCollection, makeProduct } from '../../testing/factories/catalog.js'
import { asAdmin } from '../../testing/factories/users.js'
import { buildTestApp, useTestApp } from '../../testing/test-app.js'
import { moneyAmount, product, productVariant } from '../catalog/schema.js'
import { createBatchJobRunner } from './module.js'
import { batchJob } from './schema.js'

// Server mode: this file drives its own runners (small batches, stopped mid-run) instead of the app's.
const ctx = useTestApp({ mode: 'server' })
let headers: Record<string, string>

beforeAll(async () => {
  ;({ headers } = await asAdmin(ctx.database.db))
})

const HEADER = [
  'Product Handle',
  'Product Title',
  'Product Status',
  'Product Description',
  'Product Collection Handle',
  'Variant Title',
  'Variant SKU',
  'Variant Inventory Quantity',
  'Price USD',
]

function simpleRows(prefix: string, count: number): string[][] {
  return Array.from({ length: count }, (_, n) => [
    `${prefix}-${n}`,
    `${prefix} product ${n}`,
    'published',
    '',
    '',
    'Default',
    `${prefix.toUpperCase()}-SKU-${n}`,
    String(n),
    String(1000 + n),
  ])
}

async function startImport(rows: string[][]): Promise<string> {
  const fileKey = await storeImportFile(ctx.app, csvText([HEADER, ...rows]))
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/admin/batch-jobs',
    headers,
    payload: { type: 'product-import', context: { fileKey }, dry_run: true },
  })
  expect(response.statusCode).toBe(201)
  return response.json().batch_job.id
}

async function job(id: string) {
  return (await ctx.app.inject({ method: 'GET', url: `/admin/batch-jobs/${id}`, headers })).json().batch_job
}

async function confirm(id: string) {
  const response = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${id}/confirm`, headers })
  expect(response.statusCode).toBe(200)
}

const liveProducts = async (prefix: string) =>
  ctx.database.db
    .select({ id: product.id })
    .from(product)
    .where(and(like(product.handle, `${prefix}-%`), isNull(product.deleted_at)))

async function waitForProgress(id: string, rows: number): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (((await job(id)).result?.advancement_count ?? 0) >= rows) return
    await sleep(5)
  }
  throw new Error('the job made no progress')
}

/** Every imported product is whole: its one variant with its one price. */
async function expectWholeProducts(prefix: string): Promise<number> {
  const rows = await ctx.database.db
    .select({
      id: product.id,
      variants: sql<number>`count(distinct ${productVariant.id})::int`,
      prices: sql<number>`count(${moneyAmount.id})::int`,
    })
    .from(product)
    .leftJoin(productVariant, and(eq(productVariant.product_id, product.id), isNull(productVariant.deleted_at)))
    .leftJoin(moneyAmount, eq(moneyAmount.variant_id, productVariant.id))
    .where(and(like(product.handle, `${prefix}-%`), isNull(product.deleted_at)))
    .groupBy(product.id)
  for (const row of rows) expect(row).toMatchObject({ variants: 1, prices: 1 })
  return rows.length
}

describe('product-import dry run', () => {
  it('reports exactly the bad rows, with line and column, and writes nothing before confirmation', async () => {
    await makeCollection(ctx.database.db, { handle: 'known-collection' })
    const rows = simpleRows('bad', 20)
    rows[2][3] = 'First line\nsecond line' // a quoted cell over two lines: later rows start one line further down
    rows[1][4] = 'known-collection'
    rows[3][7] = 'many'
    rows[5][1] = 'Bad\u0000title' // the database cannot store U+0000
    rows[7][2] = 'live'
    rows[10][8] = '-5'
    rows[14][6] = 'BAD-SKU-1'
    rows[18][4] = 'no-such-collection'
    const lineOf = (index: number) => index + 2 + (index > 2 ? 1 : 0)
    const productEventsBefore = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.event_name, 'product.created'))

    const id = await startImport(rows)
    const runner = createBatchJobRunner(ctx.app, { batchRows: 7 })
    await runner.drain()

    const preProcessed = await job(id)
    expect(preProcessed.status).toBe('pre_processed')
    expect(preProcessed.result).toMatchObject({
      count: 20,
      error_count: 6,
      products: { create: 14, update: 0 },
      variants: { create: 14, update: 0, delete: 0 },
    })
    const reported = preProcessed.result.errors.map((error: { line: number; column: string }) => [
      error.line,
      error.column,
    ])
    expect(reported).toEqual([
      [lineOf(3), 'Variant Inventory Quantity'],
      [lineOf(5), 'Product Title'],
      [lineOf(7), 'Product Status'],
      [lineOf(10), 'Price USD'],
      [lineOf(14), 'Variant SKU'],
      [lineOf(18), 'Product Collection Handle'],
    ])
    expect(preProcessed.result.errors[1].message).toBe(
      `Line ${lineOf(5)}, column "Product Title": must not contain the NUL character (U+0000)`,
    )
    expect(preProcessed.result.errors[4].message).toBe(
      `Line ${lineOf(14)}, column "Variant SKU": BAD-SKU-1 is already used on line ${lineOf(1)}`,
    )
    expect(await liveProducts('bad')).toHaveLength(0)
    const productEvents = await ctx.database.db.select().from(outbox).where(eq(outbox.event_name, 'product.created'))
    expect(productEvents).toHaveLength(productEventsBefore.length)

    await confirm(id)
    await runner.drain()
    const done = await job(id)
    expect(done.status).toBe('completed')
    expect(done.result).toMatchObject({ error_count: 6, applied: { products: { create: 14, update: 0 } } })
    expect(await expectWholeProducts('bad')).toBe(14)
    const handles = (
      await ctx.database.db.select({ handle: product.handle }).from(product).where(like(product.handle, 'bad-%'))
    ).map((row) => row.handle)
    for (const index of [3, 5, 7, 10, 14, 18]) expect(handles).not.toContain(`bad-${index}`)
  }, 120_000)

  it('reports an unreadable header on line 1 and imports nothing', async () => {
    const fileKey = await storeImportFile(
      ctx.app,
      csvText([
        ['Product Handle', 'Price XYZ', 'Colour'],
        ['x', '1', 'red'],
      ]),
    )
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/admin/batch-jobs',
      headers,
      payload: { type: 'product-import', context: { fileKey }, dry_run: true },
    })
    await createBatchJobRunner(ctx.app).drain()
    const result = (await job(created.json().batch_job.id)).result
    expect(result.errors).toEqual([
      expect.objectContaining({ line: 1, column: 'Colour', message: 'Line 1, column "Colour": Unknown column Colour' }),
      expect.objectContaining({
        line: 1,
        column: 'Price XYZ',
        message: 'Line 1, column "Price XYZ": Unknown currency XYZ',
      }),
    ])
  })
})

/**
 * Another writer that takes `sku` (for the product `ownerId`) as a product row matching `when` is
 * written (`event`), after the batch was planned. Answers the function that removes it.
 */
async function takeSkuWhen(ownerId: string, sku: string, event: 'INSERT' | 'UPDATE', when: string) {
  const db = ctx.database.db
  await db.execute(
    sql.raw(`CREATE FUNCTION take_sku() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO product_variant (id, title, product_id, sku)
        VALUES ('variant_taken_' || NEW.id, 'Taken', '${ownerId}', '${sku}');
        RETURN NULL;
      END $$`),
  )
  await db.execute(
    sql.raw(`CREATE TRIGGER take_sku AFTER ${event} ON product FOR EACH ROW WHEN (${when})
      EXECUTE FUNCTION take_sku()`),
  )
  return async () => {
    await db.execute(sql`DROP TRIGGER take_sku ON product`)
    await db.execute(sql`DROP FUNCTION take_sku()`)
  }
}

describe('bulk writes', () => {
  it('writes a batch one product at a time when the bulk write fails, leaving out only the faulty product', async () => {
    const db = ctx.database.db
    const owner = await makeProduct(db, { title: 'Owner of a SKU', handle: 'sku-owner' })
    // Another writer takes a SKU of the file as the file's product "collide-3" is written, so the
    // batch's bulk insert fails, then that product.
    const release = await takeSkuWhen(owner.id, 'COLLIDE-SKU-3', 'INSERT', "NEW.handle = 'collide-3'")
    try {
      const id = await startImport(simpleRows('collide', 6))
      const runner = createBatchJobRunner(ctx.app, { batchRows: 10 })
      await runner.drain()
      expect((await job(id)).result).toMatchObject({ error_count: 0, products: { create: 6 } })

      await confirm(id)
      await runner.drain()

      const done = await job(id)
      expect(done.status).toBe('completed')
      expect(done.result).toMatchObject({ error_count: 1, applied: { products: { create: 5, update: 0 } } })
      expect(done.result.errors).toEqual([
        expect.objectContaining({ line: 5, message: 'Line 5: ProductVariant with sku COLLIDE-SKU-3 already exists.' }),
      ])
      expect(await expectWholeProducts('collide')).toBe(5)
      expect((await liveProducts('collide')).length).toBe(5)
      const written = await db.select({ handle: product.handle }).from(product).where(like(product.handle, 'collide-%'))
      expect(written.map((row) => row.handle)).not.toContain('collide-3')
    } finally {
      await release()
    }
  })
  it('updates a batch one product at a time when the bulk update fails, leaving out only the faulty product', async () => {
    const db = ctx.database.db
    const owner = await makeProduct(db, { title: 'Owner of a new SKU', handle: 'new-sku-owner' })
    const created = await startImport(simpleRows('clash', 6))
    const runner = createBatchJobRunner(ctx.app, { batchRows: 10 })
    await runner.drain()
    await confirm(created)
    await runner.drain()
    expect((await job(created)).result).toMatchObject({ applied: { products: { create: 6, update: 0 } } })

    // The second file renames every product and gives each a new variant with a new SKU. Another
    // writer takes the SKU meant for "clash-3" as that product is renamed.
    const release = await takeSkuWhen(
      owner.id,
      'CLASH-NEW-SKU-3',
      'UPDATE',
      "NEW.handle = 'clash-3' AND NEW.title LIKE '%renamed%'",
    )
    try {
      const renamed = simpleRows('clash', 6).map(
        ([handle, title, status, description, collection, variant, sku, ...rest]) => [
          handle,
          `${title} renamed`,
          status,
          description,
          collection,
          variant,
          sku.replace('SKU', 'NEW-SKU'),
          ...rest,
        ],
      )
      const id = await startImport(renamed)
      await runner.drain()
      expect((await job(id)).result).toMatchObject({ error_count: 0, products: { create: 0, update: 6 } })

      await confirm(id)
      await runner.drain()

      const done = await job(id)
      expect(done.status).toBe('completed')
      expect(done.result).toMatchObject({ error_count: 1, applied: { products: { create: 0, update: 5 } } })
      expect(done.result.errors).toEqual([
        expect.objectContaining({
          line: 5,
          message: 'Line 5: ProductVariant with sku CLASH-NEW-SKU-3 already exists.',
        }),
      ])
      expect(await expectWholeProducts('clash')).toBe(6)
      const titles = await db
        .select({ handle: product.handle, title: product.title, sku: productVariant.sku })
        .from(product)
        .innerJoin(productVariant, and(eq(productVariant.product_id, product.id), isNull(productVariant.deleted_at)))
        .where(like(product.handle, 'clash-%'))
        .orderBy(product.handle)
      expect(titles).toEqual(
        Array.from({ length: 6 }, (_, n) =>
          n === 3
            ? { handle: 'clash-3', title: 'clash product 3', sku: 'CLASH-SKU-3' }
            : { handle: `clash-${n}`, title: `clash product ${n} renamed`, sku: `CLASH-NEW-SKU-${n}` },
        ),
      )
    } finally {
      await release()
    }
  })
})

describe('cancel and restart', () => {
  it('stops a running import between batches when it is canceled, leaving whole products only', async () => {
    const id = await startImport(simpleRows('cancel', 300))
    const runner = createBatchJobRunner(ctx.app, { batchRows: 10 })
    await runner.drain()
    await confirm(id)
    const running = runner.drain()
    await waitForProgress(id, 20)
    const canceled = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${id}/cancel`, headers })
    expect(canceled.statusCode).toBe(200)
    await running

    const stopped = await job(id)
    expect(stopped).toMatchObject({ status: 'canceled', completed_at: null })
    const applied = stopped.result.advancement_count
    expect(applied).toBeGreaterThanOrEqual(20)
    expect(applied).toBeLessThan(300)
    expect(applied % 10).toBe(0)
    expect(await expectWholeProducts('cancel')).toBe(applied)

    await runner.drain()
    expect(await liveProducts('cancel')).toHaveLength(applied)
    expect((await job(id)).status).toBe('canceled')
  }, 180_000)

  it('resumes an import interrupted by a restart where it stopped, without applying a row twice', async () => {
    const id = await startImport(simpleRows('restart', 120))
    const first = createBatchJobRunner(ctx.app, { batchRows: 10 })
    await first.drain()
    await confirm(id)
    const running = first.drain()
    await waitForProgress(id, 30)
    await first.stop() // a server shutting down: the batch in hand finishes, the job is handed back
    await running
    const handedBack = await job(id)
    expect(handedBack.status).toBe('processing')
    const done = handedBack.result.advancement_count
    expect(done).toBeLessThan(120)

    // The process dies with the job claimed: its lease runs out and no one renews it.
    await ctx.database.db
      .update(batchJob)
      .set({ claim_token: 'dead-process', lease_expires_at: sql`now() - interval '1 second'`, run_attempts: 1 })
      .where(eq(batchJob.id, id))

    const restarted = await buildTestApp(ctx.database)
    try {
      await restarted.batchJobs.drain()
    } finally {
      await restarted.close()
    }
    const completed = await job(id)
    expect(completed.status).toBe('completed')
    expect(completed.result).toMatchObject({
      advancement_count: 120,
      applied: { products: { create: 120, update: 0 } },
    })
    expect(await expectWholeProducts('restart')).toBe(120)
  }, 180_000)

  it('fails a job that keeps being interrupted instead of leaving it processing', async () => {
    const id = await startImport(simpleRows('doomed', 3))
    const runner = createBatchJobRunner(ctx.app, { maxRunAttempts: 3 })
    await runner.drain()
    await confirm(id)
    await ctx.database.db
      .update(batchJob)
      .set({
        status: 'processing',
        processing_at: new Date(),
        claim_token: 'dead',
        lease_expires_at: sql`now() - interval '1 second'`,
        run_attempts: 3,
      })
      .where(eq(batchJob.id, id))
    await runner.drain()
    const failed = await job(id)
    expect(failed).toMatchObject({ status: 'failed', failed_at: expect.any(String) })
    expect(failed.result.errors.at(-1).message).toMatch(/interrupted 3 times/)
    expect(await liveProducts('doomed')).toHaveLength(0)
  })
})
