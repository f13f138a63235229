import { isNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogueSnapshot, makeVariedCatalogue, readStoredFile } from '../../testing/factories/batch-jobs.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { product } from '../catalog/schema.js'

const PRODUCTS = 1000

const ctx = useTestApp({ featureFlags: { product_categories: true } as never })
let headers: Record<string, string>

beforeAll(async () => {
  ;({ headers } = await asAdmin(ctx.database.db))
  await makeVariedCatalogue(ctx.database.db, PRODUCTS)
}, 300_000)

async function runJob(type: string, context: Record<string, unknown>, dryRun: boolean) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/admin/batch-jobs',
    headers,
    payload: { type, context, dry_run: dryRun },
  })
  expect(created.statusCode).toBe(201)
  const id = created.json().batch_job.id
  const settle = async () => {
    await ctx.app.events.drain()
    await ctx.app.batchJobs.drain()
  }
  await settle()
  if (dryRun) {
    await ctx.app.inject({ method: 'POST', url: `/admin/batch-jobs/${id}/confirm`, headers })
    await settle()
  }
  const done = (await ctx.app.inject({ method: 'GET', url: `/admin/batch-jobs/${id}`, headers })).json().batch_job
  expect(done.status).toBe('completed')
  return done
}

async function exportCatalogue(): Promise<string> {
  const done = await runJob('product-export', {}, false)
  return readStoredFile(ctx.app, done.result.file_key)
}

async function importFile(text: string) {
  const stored = await ctx.app.providers.file.upload(
    { filename: 'round-trip.csv', mimeType: 'text/csv', stream: (await import('node:stream')).Readable.from([text]) },
    { private: true },
  )
  const done = await runJob('product-import', { fileKey: stored.key }, true)
  expect(done.result.error_count).toBe(0)
  return done.result
}

/** Drops the id columns, which a restore into a fresh catalogue cannot keep for variants. */
const withoutIds = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/prod_[0-9A-Z]+/g, 'PRODUCT').replace(/variant_[0-9A-Z]+/g, 'VARIANT'))
    .join('\n')

describe('product CSV round trip', () => {
  it(`exports ${PRODUCTS} products and imports them back without losing anything`, async () => {
    const before = await catalogueSnapshot(ctx.database.db)
    expect(before).toHaveLength(PRODUCTS)
    const exported = await exportCatalogue()

    // Delete the whole catalogue, then restore it from the file.
    await ctx.database.db.execute(sql`UPDATE product_option_value SET deleted_at = now() WHERE deleted_at IS NULL`)
    await ctx.database.db.execute(sql`UPDATE product_variant SET deleted_at = now() WHERE deleted_at IS NULL`)
    await ctx.database.db.execute(sql`UPDATE product_option SET deleted_at = now() WHERE deleted_at IS NULL`)
    await ctx.database.db.update(product).set({ deleted_at: new Date() }).where(isNull(product.deleted_at))
    expect(await catalogueSnapshot(ctx.database.db)).toHaveLength(0)

    const restored = await importFile(exported)
    expect(restored.applied.products).toEqual({ create: PRODUCTS, update: 0 })
    expect(await catalogueSnapshot(ctx.database.db)).toEqual(before)

    // The restored catalogue exports to the same file, ids aside; importing that updates in place.
    const again = await exportCatalogue()
    expect(withoutIds(again)).toEqual(withoutIds(exported))
    const updated = await importFile(again)
    expect(updated.applied.products).toEqual({ create: 0, update: PRODUCTS })
    expect(updated.applied.variants.create).toBe(0)
    expect(updated.applied.variants.delete).toBe(0)
    expect(await catalogueSnapshot(ctx.database.db)).toEqual(before)
  }, 900_000)
})
