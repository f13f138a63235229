import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { parseArgs } from 'node:util'
import { stringify } from 'csv-stringify'
import { buildApp } from '../../packages/server/src/app.js'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { migrate } from '../../packages/server/src/db/migrate.js'
import { signToken } from '../../packages/server/src/core/tokens.js'
import { createBatchJobRunner } from '../../packages/server/src/modules/batch-jobs/module.js'
import { createUser } from '../../packages/server/src/modules/users/service.js'
import { benchConfig, positiveInt, redactUrl, requireDatabaseUrl, RESULTS_DIR } from './env.js'

const USAGE = `Usage: npm run bench:import -- [--rows N] [--variants N] [--batch-rows N (default 1000, the runner's)] [--update]

Generates a product CSV of N rows (default 100000; one row per variant, --variants per product,
default 5), streams it into the file provider, and runs a product-import batch job on it in this
process against DATABASE_URL (PostgreSQL): the dry run, then the import. Reports the time of each
phase and the peak memory (RSS and JS heap) of the process; with NODE_OPTIONS=--expose-gc, also the
peak heap left after a full collection (sampled each second, which slows the run: time it without).
Products get handles unique to the run, so every run creates new products. With --update, it then
exports the whole catalogue (product-export) and imports that file back, which updates every product
and variant in place (as a merchant does to change prices in a spreadsheet), and times both: use a
database of its own, since the export takes every product in it.`

const HEADER = [
  'Product Handle',
  'Product Title',
  'Product Status',
  'Product Description',
  'Product Tags',
  'Product Type',
  'Variant Title',
  'Variant SKU',
  'Variant Inventory Quantity',
  'Variant Manage Inventory',
  'Price USD',
  'Price EUR',
  'Option 1 Name',
  'Option 1 Value',
  'Image 1 Url',
]

/** The CSV, generated row by row as the stream is read: never held in memory whole. */
function generatedCsv(rows: number, variants: number, run: string): Readable {
  const csv = stringify()
  const source = Readable.from(
    (function* () {
      yield HEADER
      for (let row = 0; row < rows; row++) {
        const productNumber = Math.floor(row / variants)
        const variant = row % variants
        yield [
          `bench-${run}-${productNumber}`,
          `Bench product ${productNumber}`,
          'published',
          `Generated for the import benchmark, product ${productNumber}, with "quotes", commas and more text.`,
          'bench,import',
          'Bench',
          `Size ${variant + 1}`,
          `BENCH-${run}-${productNumber}-${variant}`,
          String(row % 100),
          'true',
          String(1000 + (row % 500)),
          String(900 + (row % 500)),
          'Size',
          `Size ${variant + 1}`,
          `https://img.example.com/bench/${productNumber}.png`,
        ]
      }
    })(),
  )
  return source.pipe(csv)
}

interface Peak {
  rss: number
  heapUsed: number
  /** Heap still in use right after a full collection: what the process keeps, garbage aside. */
  liveHeap: number | null
}

const collectGarbage = (globalThis as { gc?: () => void }).gc

/**
 * Samples memory every 50 ms; with `--expose-gc` (NODE_OPTIONS), also collects garbage once a second
 * and records the heap left, which shows what grows with the file apart from garbage not yet collected.
 */
function watchMemory(): { peak: Peak; stop: () => void } {
  const peak: Peak = { rss: 0, heapUsed: 0, liveHeap: collectGarbage ? 0 : null }
  const sample = () => {
    const usage = process.memoryUsage()
    peak.rss = Math.max(peak.rss, usage.rss)
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed)
  }
  const sampleLive = () => {
    if (!collectGarbage) return
    collectGarbage()
    peak.liveHeap = Math.max(peak.liveHeap ?? 0, process.memoryUsage().heapUsed)
  }
  sample()
  const timer = setInterval(sample, 50)
  const liveTimer = collectGarbage ? setInterval(sampleLive, 1000) : undefined
  return {
    peak,
    stop: () => {
      clearInterval(timer)
      clearInterval(liveTimer)
      sample()
      sampleLive()
    },
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      variants: { type: 'string' },
      'batch-rows': { type: 'string' },
      update: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  const rows = positiveInt('--rows', values.rows, 100_000)
  const variants = positiveInt('--variants', values.variants, 5)
  const batchRows = positiveInt('--batch-rows', values['batch-rows'], 1000)
  const databaseUrl = requireDatabaseUrl('bench:import')
  // Server mode: no background runner; this script drives the job itself.
  const config = { ...benchConfig(databaseUrl), mode: 'server' as const }
  const database = await openDatabase({ url: databaseUrl })
  await migrate(database)
  const app = await buildApp({ config, database, logger: false })
  await app.ready()
  const run = randomBytes(4).toString('hex')
  const user = await createUser(database.db, {
    email: `bench-import-${run}@example.com`,
    password: randomBytes(16).toString('hex'),
    role: 'admin',
  })
  const headers = {
    authorization: `Bearer ${await signToken({ user_id: user.id, domain: 'admin' }, config.jwtSecret, '1h')}`,
  }
  const runner = createBatchJobRunner(app, { batchRows })

  console.log(
    `Database: ${redactUrl(databaseUrl)}; ${rows} rows, ${Math.ceil(rows / variants)} products of ${variants} variants`,
  )
  const memory = watchMemory()
  const started = performance.now()
  const stored = await app.providers.file.upload(
    { filename: 'bench-import.csv', mimeType: 'text/csv', stream: generatedCsv(rows, variants, run) },
    { private: true },
  )
  const generated = performance.now()
  /** Runs a batch job to its end: its pre-processing, then (for a dry run) its processing once confirmed. */
  const runJob = async (type: string, context: Record<string, unknown>, dryRun: boolean) => {
    const created = await app.inject({
      method: 'POST',
      url: '/admin/batch-jobs',
      headers,
      payload: { type, context, dry_run: dryRun },
    })
    const id = created.json().batch_job.id as string
    await runner.drain()
    const preProcessed = performance.now()
    if (dryRun) {
      await app.inject({ method: 'POST', url: `/admin/batch-jobs/${id}/confirm`, headers })
      await runner.drain()
    }
    const job = (await app.inject({ method: 'GET', url: `/admin/batch-jobs/${id}`, headers })).json().batch_job
    return { job, preProcessed }
  }
  const { job, preProcessed } = await runJob('product-import', { fileKey: stored.key }, true)
  const finished = performance.now()
  let update:
    | { job: { status: string; result: Record<string, unknown> }; exportSeconds: number; importSeconds: number }
    | undefined
  if (values.update) {
    const exported = await runJob('product-export', {}, false)
    const exportedAt = performance.now()
    const updated = await runJob('product-import', { fileKey: exported.job.result.file_key }, true)
    update = {
      job: updated.job,
      exportSeconds: (exportedAt - finished) / 1000,
      importSeconds: (performance.now() - updated.preProcessed) / 1000,
    }
  }
  memory.stop()

  const report = {
    rows,
    variantsPerProduct: variants,
    batchRows,
    status: job.status,
    result: { count: job.result.count, applied: job.result.applied, error_count: job.result.error_count },
    seconds: {
      generate: (generated - started) / 1000,
      dryRun: (preProcessed - generated) / 1000,
      import: (finished - preProcessed) / 1000,
    },
    rowsPerSecond: Math.round(rows / ((finished - preProcessed) / 1000)),
    update: update && {
      status: update.job.status,
      applied: update.job.result.applied,
      error_count: update.job.result.error_count,
      seconds: { export: update.exportSeconds, import: update.importSeconds },
      rowsPerSecond: Math.round(rows / update.importSeconds),
    },
    peakMemory: memory.peak,
    node: process.version,
  }
  console.log(
    [
      `status ${job.status}; ${JSON.stringify(report.result.applied?.products)} products, ${report.result.error_count} errors`,
      `generate + upload ${seconds(generated - started)}, dry run ${seconds(preProcessed - generated)}, import ${seconds(finished - preProcessed)} (${report.rowsPerSecond} rows/s)`,
      ...(update
        ? [
            `update: status ${update.job.status}; ${JSON.stringify((update.job.result.applied as { products?: unknown })?.products)} products, ${update.job.result.error_count} errors; export ${seconds(update.exportSeconds * 1000)}, import ${seconds(update.importSeconds * 1000)} (${report.update!.rowsPerSecond} rows/s)`,
          ]
        : []),
      `peak RSS ${mb(memory.peak.rss)}, peak JS heap ${mb(memory.peak.heapUsed)}${memory.peak.liveHeap === null ? '' : `, peak live heap (after GC) ${mb(memory.peak.liveHeap)}`}`,
    ].join('\n'),
  )
  mkdirSync(RESULTS_DIR, { recursive: true })
  const path = join(RESULTS_DIR, `import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`)
  writeFileSync(path, JSON.stringify(report, null, 2))
  console.log(`Report: ${path}`)
  await app.close()
  await database.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
