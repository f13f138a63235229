import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../events/schema.js'
import { makeBatchJob, storeImportFile } from '../../testing/factories/batch-jobs.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()
let headers: Record<string, string>
let userId: string
let otherHeaders: Record<string, string>

beforeAll(async () => {
  ;({
    headers,
    user: { id: userId },
  } = await asAdmin(ctx.database.db))
  ;({ headers: otherHeaders } = await asAdmin(ctx.database.db))
})

async function create(body: unknown, as = headers) {
  return ctx.app.inject({ method: 'POST', url: '/admin/batch-jobs', headers: as, payload: body as object })
}

async function job(id: string, as = headers) {
  const response = await ctx.app.inject({ method: 'GET', url: `/admin/batch-jobs/${id}`, headers: as })
  return response.json().batch_job
}

async function settle() {
  await ctx.app.events.drain()
  await ctx.app.batchJobs.drain()
  await ctx.app.events.drain()
}

describe('POST /admin/batch-jobs', () => {
  it('runs a product export to completion and hands out a signed link to its file', async () => {
    await makeProduct(ctx.database.db, { title: 'Exported shirt', handle: 'exported-shirt' })
    const response = await create({ type: 'product-export', context: {} })
    expect(response.statusCode).toBe(201)
    const created = response.json().batch_job
    expect(created).toMatchObject({ type: 'product-export', status: 'created', created_by: userId, dry_run: false })
    expect(created.id).toMatch(/^batch_/)
    expect(created).not.toHaveProperty('claim_token')

    await settle()
    const done = await job(created.id)
    expect(done.status).toBe('completed')
    for (const stamp of ['pre_processed_at', 'confirmed_at', 'processing_at', 'completed_at']) {
      expect(done[stamp]).toEqual(expect.any(String))
    }
    expect(done.canceled_at).toBeNull()
    expect(done.result).toMatchObject({ count: 1, advancement_count: 1, progress: 1, file_key: expect.any(String) })
    expect(done.result.file_size).toBeGreaterThan(0)

    const url = new URL(done.result.download_url)
    const download = await ctx.app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(download.statusCode).toBe(200)
    expect(download.body).toContain('Exported shirt')
    expect(download.body.split('\n')[0]).toMatch(/^Product Id,Product Handle,Product Title/)

    const events = await ctx.database.db
      .select({ name: outbox.event_name })
      .from(outbox)
      .where(
        inArray(outbox.event_name, [
          'batch.created',
          'batch.pre_processed',
          'batch.confirmed',
          'batch.processing',
          'batch.completed',
        ]),
      )
    const forJob = events.map((event) => event.name)
    for (const name of [
      'batch.created',
      'batch.pre_processed',
      'batch.confirmed',
      'batch.processing',
      'batch.completed',
    ]) {
      expect(forJob).toContain(name)
    }
  })

  it('waits after pre-processing a dry run until it is confirmed', async () => {
    const created = (await create({ type: 'product-export', context: {}, dry_run: true })).json().batch_job
    await settle()
    const preProcessed = await job(created.id)
    expect(preProcessed).toMatchObject({ status: 'pre_processed', confirmed_at: null })
    expect(preProcessed.result.stat_descriptors[0]).toMatchObject({ key: 'product-export-count' })

    const confirmed = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${created.id}/confirm`, headers })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().batch_job).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) })
    await settle()
    expect((await job(created.id)).status).toBe('completed')
  })

  it.each([
    [{ type: 'order-magic', context: {} }, 'type: unknown batch job type "order-magic"'],
    [{ type: 'product-import', context: {} }, 'context.fileKey is required'],
    [{ type: 'product-import', context: { fileKey: '../../etc/passwd' } }, 'context.fileKey is required'],
    [{ type: 'product-import', context: { fileKey: 'a'.repeat(32) + '.csv' } }, 'context.fileKey: no uploaded file'],
    [{ type: 'product-export', context: { limit: 5 } }, 'context.limit'],
    [{ type: 'product-export', context: {}, surprise: true }, 'property surprise should not exist'],
    [{ type: 'product-export' }, 'context is required'],
    [{ type: 'product-export', context: {}, dry_run: 'yes' }, 'dry_run must be a boolean'],
  ])('answers bad input %j with a 400 naming the field', async (body, message) => {
    const response = await create(body)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining(message) })
  })

  it('needs a logged-in user', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/admin/batch-jobs',
      payload: { type: 'product-export', context: {} },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('confirm and cancel', () => {
  it('refuses to confirm or cancel in the wrong state, with a 400 not_allowed', async () => {
    const completed = await makeBatchJob(ctx.database.db, {
      created_by: userId,
      status: 'completed',
      completed_at: new Date(),
    })
    const created = await makeBatchJob(ctx.database.db, { created_by: userId, status: 'created' })
    const cases = [
      [completed.id, 'confirm', 'Cannot confirm a batch job with status completed'],
      [completed.id, 'cancel', 'Cannot cancel a batch job with status completed'],
      [created.id, 'confirm', 'Cannot confirm a batch job with status created'],
    ] as const
    for (const [id, action, message] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${id}/${action}`, headers })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ type: 'not_allowed', message: expect.stringContaining(message) })
    }
  })

  it('cancels a job before it ends, once', async () => {
    const created = await makeBatchJob(ctx.database.db, { created_by: userId, status: 'pre_processed', dry_run: true })
    const canceled = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${created.id}/cancel`, headers })
    expect(canceled.statusCode).toBe(200)
    expect(canceled.json().batch_job).toMatchObject({ status: 'canceled', canceled_at: expect.any(String) })
    const again = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${created.id}/cancel`, headers })
    expect(again.statusCode).toBe(400)
    const confirm = await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${created.id}/confirm`, headers })
    expect(confirm.json()).toMatchObject({ type: 'not_allowed' })
    const [event] = await ctx.database.db.select().from(outbox).where(eq(outbox.event_name, 'batch.canceled'))
    expect(event.data).toEqual({ id: created.id })
  })

  it("keeps another user's job to its owner", async () => {
    const created = (await create({ type: 'product-export', context: {}, dry_run: true })).json().batch_job
    for (const [method, url] of [
      ['GET', `/admin/batch-jobs/${created.id}`],
      ['POST', `/admin/batch-jobs/${created.id}/confirm`],
      ['POST', `/admin/batch-jobs/${created.id}/cancel`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: otherHeaders })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ type: 'not_allowed' })
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/admin/batch-jobs', headers: otherHeaders })
    expect(list.json().batch_jobs.map((entry: { id: string }) => entry.id)).not.toContain(created.id)
  })

  it('answers an unknown job with a 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/admin/batch-jobs/batch_missing', headers })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      type: 'not_found',
      message: 'BatchJob with id batch_missing was not found',
    })
  })
})

describe('GET /admin/batch-jobs', () => {
  let own: Awaited<ReturnType<typeof asAdmin>>
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    own = await asAdmin(ctx.database.db)
    const db = ctx.database.db
    const day = 24 * 60 * 60 * 1000
    // Jobs the runner leaves alone (dry runs awaiting confirmation, a finished one): a job it could
    // claim may be run by a late kick of an earlier test at any moment, changing what is listed.
    const waiting = { created_by: own.user.id, status: 'pre_processed', dry_run: true } as const
    ids.old = (await makeBatchJob(db, { ...waiting, created_at: new Date(Date.now() - 60 * day) })).id
    ids.import = (
      await makeBatchJob(db, {
        created_by: own.user.id,
        type: 'product-import',
        status: 'completed',
        confirmed_at: new Date(),
        completed_at: new Date(),
      })
    ).id
    ids.recent = (await makeBatchJob(db, { ...waiting, created_at: new Date(Date.now() - day) })).id
    await makeBatchJob(db, { created_by: userId, status: 'canceled', canceled_at: new Date() })
  })

  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/admin/batch-jobs?${query}`, headers: own.headers })
    return response
  }

  it("lists the user's own jobs newest first, as the admin asks for them (limit 100, the last month)", async () => {
    const since = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString()
    const response = await list(`limit=100&created_at[gte]=${since}`)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ count: 2, offset: 0, limit: 100 })
    expect(body.batch_jobs.map((entry: { id: string }) => entry.id)).toEqual([ids.import, ids.recent])
    expect(body.batch_jobs[0].status).toBe('completed')
  })

  it('filters by type, id, a null timestamp, and pages in the order asked', async () => {
    const byType = (await list('type[]=product-import')).json()
    expect(byType.batch_jobs.map((entry: { id: string }) => entry.id)).toEqual([ids.import])
    const unconfirmed = (await list('confirmed_at=null')).json()
    expect(unconfirmed.batch_jobs.map((entry: { id: string }) => entry.id).sort()).toEqual([ids.old, ids.recent].sort())
    const byId = (await list(`id=${ids.old},${ids.recent}`)).json()
    expect(byId.count).toBe(2)
    const page = (await list('order=created_at&limit=1&offset=1')).json()
    expect(page).toMatchObject({ count: 3, limit: 1, offset: 1 })
    expect(page.batch_jobs[0].id).toBe(ids.recent)
    const fields = (await list('fields=type&limit=1')).json()
    expect(Object.keys(fields.batch_jobs[0]).sort()).toEqual(
      ['created_at', 'id', 'type'].sort().filter((key) => key !== 'created_at'),
    )
  })

  it.each([
    ['order=status', 'Order field status is not valid'],
    ['created_at[gte]=not-a-date', 'created_at.gte must be a valid date'],
    ['created_at[gt]=%2B275760-09-13T00:00:00Z', 'created_at.gt must be a date in the years 1 to 9999'],
    ['updated_at[lt]=0000-12-31T00:00:00Z', 'updated_at.lt must be a date in the years 1 to 9999'],
    ['created_at[lte]=253402300800', 'created_at.lte must be a date in the years 1 to 9999'],
    ['limit=-1', 'limit'],
    ['colour=red', 'property colour should not exist'],
  ])('answers %s with a 400 naming the parameter', async (query, message) => {
    const response = await list(query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ type: 'invalid_data', message: expect.stringContaining(message) })
  })
})

describe('product-import through the API', () => {
  it('takes an uploaded file, dry-runs it, and imports it once confirmed', async () => {
    const upload = await storeImportFile(
      ctx.app,
      'Product Handle,Product Title,Product Status,Variant Title,Variant SKU,Price USD\napi-hat,API hat,published,One size,API-HAT,2500\n',
    )
    const created = (await create({ type: 'product-import', context: { fileKey: upload }, dry_run: true })).json()
      .batch_job
    expect(created.context).toEqual({ fileKey: upload })
    await settle()
    const preProcessed = await job(created.id)
    expect(preProcessed.status).toBe('pre_processed')
    expect(preProcessed.result).toMatchObject({
      count: 1,
      products: { create: 1, update: 0 },
      error_count: 0,
      errors: [],
    })
    await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${created.id}/confirm`, headers })
    await settle()
    const done = await job(created.id)
    expect(done.status).toBe('completed')
    const products = await ctx.app.inject({ method: 'GET', url: '/admin/products?handle=api-hat', headers })
    const [imported] = products.json().products
    expect(imported).toMatchObject({ title: 'API hat', status: 'published' })
    expect(imported.variants[0]).toMatchObject({
      sku: 'API-HAT',
      prices: [expect.objectContaining({ amount: 2500, currency_code: 'usd' })],
    })
  })
})
