import type { Readable } from 'node:stream'
import { parse, CsvError } from 'csv-parse'
import { AppError, InvalidData } from '../../../core/errors.js'
import { FILE_KEY_PATTERN, type FileProvider } from '../../../providers/file.js'

/** Reading an import file: a stream of records grouped into products, each cell with its line. */

export interface RowError {
  /** 1-based line of the file where the row starts (the header is line 1). */
  line: number
  /** The column's header, when one cell is at fault. */
  column: string | null
  message: string
}

export interface CsvRow {
  line: number
  cells: string[]
}

/** Consecutive rows of one product (same `Product Id`, else same `Product Handle`). */
export interface RowGroup {
  key: string
  rows: CsvRow[]
}

/** A file that cannot be read on (bad quoting, for instance): the import stops at that line. */
export class UnreadableFile extends Error {
  constructor(readonly rowError: RowError) {
    super(rowError.message)
    this.name = 'UnreadableFile'
  }
}

interface ParsedRecord {
  record: string[]
  info: { lines: number }
  raw: string
}

/** The file's records with the line each starts on; the first is the header. */
async function* records(stream: Readable): AsyncGenerator<CsvRow> {
  const parser = stream.pipe(
    parse({ bom: true, info: true, raw: true, relax_column_count: true, skip_empty_lines: true }),
  )
  stream.on('error', (error) => parser.destroy(error))
  try {
    for await (const parsed of parser as AsyncIterable<ParsedRecord>) {
      const inner = parsed.raw.replace(/\r?\n$/, '').split('\n').length - 1
      yield { line: parsed.info.lines - inner, cells: parsed.record }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number((error as unknown as { lines?: number }).lines ?? 0)
      throw new UnreadableFile({ line, column: null, message: `The file cannot be read here: ${error.message}` })
    }
    throw error
  } finally {
    stream.destroy()
  }
}

export interface ImportFile {
  header: string[]
  /** Product groups in file order; a group's key is `id:<Product Id>` or `handle:<Product Handle>`. */
  groups: AsyncGenerator<RowGroup>
}

/**
 * Opens the records of an import file: the header, then the rows grouped by product. Rows whose cell
 * count differs from the header's are still grouped; the validator reports them.
 */
export async function openImportFile(stream: Readable): Promise<ImportFile | undefined> {
  const iterator = records(stream)
  const first = await iterator.next()
  if (first.done) return undefined
  const header = first.value.cells.map((cell) => cell.trim())
  const idIndex = header.indexOf('Product Id')
  const handleIndex = header.indexOf('Product Handle')
  const keyOf = (row: CsvRow) => {
    const id = idIndex >= 0 ? (row.cells[idIndex] ?? '').trim() : ''
    if (id) return `id:${id}`
    const handle = handleIndex >= 0 ? (row.cells[handleIndex] ?? '').trim() : ''
    return handle ? `handle:${handle}` : `line:${row.line}`
  }
  async function* groups(): AsyncGenerator<RowGroup> {
    let current: RowGroup | undefined
    for await (const row of iterator) {
      const key = keyOf(row)
      if (current && current.key === key) {
        current.rows.push(row)
        continue
      }
      if (current) yield current
      current = { key, rows: [row] }
    }
    if (current) yield current
  }
  return { header, groups: groups() }
}

/** Groups collected into batches of about `rows` rows, never splitting a product. */
export async function* batchesOf(groups: AsyncIterable<RowGroup>, rows: number): AsyncGenerator<RowGroup[]> {
  let batch: RowGroup[] = []
  let size = 0
  for await (const group of groups) {
    batch.push(group)
    size += group.rows.length
    if (size >= rows) {
      yield batch
      batch = []
      size = 0
    }
  }
  if (batch.length > 0) yield batch
}

/** An import's `context.fileKey`: the key of a file uploaded with `POST /admin/uploads/protected`. */
export async function checkUploadedFileKey(fileKey: unknown, files: FileProvider): Promise<string> {
  if (typeof fileKey !== 'string' || !FILE_KEY_PATTERN.test(fileKey)) {
    throw new InvalidData(
      'context.fileKey is required: the key of an uploaded CSV file (POST /admin/uploads/protected)',
    )
  }
  await files.getDownloadUrl(fileKey, 1).catch((error: unknown) => {
    throw error instanceof AppError
      ? new InvalidData(`context.fileKey: no uploaded file has the key ${fileKey}`)
      : error
  })
  return fileKey
}

/** Opens a job's uploaded file; a file without even a header row cannot be imported. */
export async function openUploadedFile(files: FileProvider, fileKey: string): Promise<ImportFile> {
  const file = await openImportFile(await files.getStream(fileKey))
  if (!file) throw new InvalidData('The import file is empty; it needs a header row')
  return file
}
