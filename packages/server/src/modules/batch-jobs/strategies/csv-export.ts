import { once } from 'node:events'
import { Transform } from 'node:stream'
import { stringify, type Options } from 'csv-stringify'
import type { Db } from '../../../db/types.js'
import type { BatchJobResult } from '../schema.js'
import type { JobRun } from '../strategy.js'

/** Rows read and written per batch. */
const PAGE_SIZE = 100

export interface CsvExport<Row extends { id: string }> {
  filename: string
  /** The rows the export will hold, for its progress. */
  total: number
  csv: Options
  /** One keyset page on the primary key: rows with an id above `after`, in id order, `limit` at most. */
  readPage(tx: Db, after: string, limit: number): Promise<Row[]>
  /** The CSV records of a page, in order. */
  recordsOf(tx: Db, page: Row[]): Promise<unknown[][]>
}

/**
 * Streams an export into one private file of the file provider: keyset pages on the primary key
 * (ids sort by creation, and no page is read twice), each page in a batch that saves the job's
 * progress. An interrupted export starts over: the file is written in one go and only kept when
 * complete.
 */
export async function exportCsv<Row extends { id: string }>(
  run: JobRun,
  spec: CsvExport<Row>,
): Promise<BatchJobResult> {
  const csv = stringify(spec.csv)
  let bytes = 0
  // Counts in the pipe itself: a 'data' listener would start the flow before the upload reads it.
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      done(null, chunk)
    },
  })
  csv.on('error', (error) => counted.destroy(error))
  const uploading = run.files.upload(
    { filename: spec.filename, mimeType: 'text/csv', stream: csv.pipe(counted) },
    { private: true },
  )
  let exported = 0
  let after = ''
  const base: BatchJobResult = { ...run.job.result, count: spec.total }
  try {
    for (;;) {
      let pageSize = 0
      await run.inBatch(async (tx) => {
        const page = await spec.readPage(tx, after, PAGE_SIZE)
        pageSize = page.length
        for (const record of await spec.recordsOf(tx, page)) {
          if (!csv.write(record)) await once(csv, 'drain')
        }
        after = page.at(-1)?.id ?? after
        exported += page.length
        const progress = spec.total === 0 ? 1 : Math.min(1, exported / spec.total)
        return { ...base, advancement_count: exported, progress }
      })
      if (pageSize < PAGE_SIZE) break
    }
    csv.end()
    const stored = await uploading
    return {
      ...base,
      count: exported,
      advancement_count: exported,
      progress: 1,
      file_key: stored.key,
      file_size: bytes,
    }
  } catch (error) {
    csv.destroy(error as Error)
    await uploading.catch(() => undefined)
    throw error
  }
}
