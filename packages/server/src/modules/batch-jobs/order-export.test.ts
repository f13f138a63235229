import { beforeAll, describe, expect, it } from 'vitest'
import { readStoredFile } from '../../testing/factories/batch-jobs.js'
import { makeOrder } from '../../testing/factories/orders.js'
import { makeRegion } from '../../testing/factories/regions.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'

const ctx = useTestApp()
let headers: Record<string, string>

/** 205 paid orders in euros (three pages of the export) and 3 awaiting ones in dollars. */
beforeAll(async () => {
  ;({ headers } = await asAdmin(ctx.database.db))
  const eur = await makeRegion(ctx.database.db, { currency_code: 'eur' })
  for (let index = 0; index < 205; index += 1) {
    await makeOrder(ctx.database.db, {
      region_id: eur.id,
      currency_code: 'eur',
      payment_status: 'captured',
      email: `paid-${index}@example.com`,
      items: [{ title: 'Mug', unit_price: 1250, quantity: 2 }],
    })
  }
  for (let index = 0; index < 3; index += 1) {
    await makeOrder(ctx.database.db, {
      email: `waiting-${index}@example.com`,
      shipping_address: { address_1: 'Rue "du" Port; 3', city: 'Nantes' },
    })
  }
}, 300_000)

async function createJob(context: unknown, dryRun = false) {
  return ctx.app.inject({
    method: 'POST',
    url: '/admin/batch-jobs',
    headers,
    payload: { type: 'order-export', context, dry_run: dryRun },
  })
}

async function settle() {
  await ctx.app.events.drain()
  await ctx.app.batchJobs.drain()
}

async function job(id: string) {
  return (await ctx.app.inject({ method: 'GET', url: `/admin/batch-jobs/${id}`, headers })).json().batch_job
}

function parseRows(text: string): string[][] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(';'))
}

describe('order-export batch job', () => {
  it('counts in the dry run, then writes every order the filters select as CSV', async () => {
    const created = await createJob({ filterable_fields: { payment_status: ['captured'] } }, true)
    expect(created.statusCode).toBe(201)
    const id = created.json().batch_job.id
    await settle()
    const counted = await job(id)
    expect(counted.status).toBe('pre_processed')
    expect(counted.result.count).toBe(205)
    expect(counted.result.stat_descriptors[0].message).toContain('205 orders')

    await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${id}/confirm`, headers })
    await settle()
    const done = await job(id)
    expect(done.status).toBe('completed')
    expect(done.result).toMatchObject({ count: 205, advancement_count: 205, progress: 1 })
    expect(done.result.file_size).toBeGreaterThan(0)

    const [header, ...rows] = parseRows(await readStoredFile(ctx.app, done.result.file_key))
    expect(header!.slice(0, 4)).toEqual(['Order_ID', 'Display_ID', 'Order status', 'Date'])
    expect(rows).toHaveLength(205)
    expect(new Set(rows.map((row) => row[0])).size).toBe(205)
    const at = (name: string) => header!.indexOf(name)
    const first = rows[0]!
    expect(first[at('Payment Status')]).toBe('captured')
    expect(first[at('Currency Code')]).toBe('eur')
    expect(first[at('Subtotal')]).toBe('2500')
    expect(first[at('Customer Email')]).toMatch(/^paid-\d+@example\.com$/)
  })

  it('uses the list search and quotes cells holding the delimiter', async () => {
    const created = await createJob({ filterable_fields: { q: 'waiting-' } })
    expect(created.statusCode).toBe(201)
    await settle()
    const done = await job(created.json().batch_job.id)
    expect(done.status).toBe('completed')
    const text = await readStoredFile(ctx.app, done.result.file_key)
    expect(text.trim().split(/\r?\n/)).toHaveLength(4)
    expect(text).toContain('"Rue ""du"" Port; 3"')
  })

  it('refuses unknown context keys and bad filters with a 400 naming the field', async () => {
    const unknown = await createJob({ everything: true })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      type: 'invalid_data',
      message: expect.stringContaining('context.everything'),
    })

    const badStatus = await createJob({ filterable_fields: { payment_status: ['sunny'] } })
    expect(badStatus.statusCode).toBe(400)
    expect(badStatus.json().message).toContain('context.filterable_fields.payment_status')

    const badDate = await createJob({ filterable_fields: { created_at: { gt: 'yesterday-ish' } } })
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json().message).toContain('created_at')

    const notObject = await createJob({ filterable_fields: 'all' })
    expect(notObject.statusCode).toBe(400)
    expect(notObject.json().message).toContain('context.filterable_fields')
  })
})
