import { and, inArray, isNull } from 'drizzle-orm'
import { InvalidData, NotFound } from '../../../core/errors.js'
import type { Db } from '../../../db/types.js'
import { productVariant } from '../../catalog/schema.js'
import { replaceListPricesOfVariants, type ImportedListPrice } from '../../price-lists/prices.js'
import { priceListExists, withLiveList } from '../../price-lists/service.js'
import type { BatchJobResult } from '../schema.js'
import type { BatchJobStrategy, JobRun } from '../strategy.js'
import { FirstLines } from './first-lines.js'
import { describeRowError, ErrorList, progressResult, resumePoint } from './import-report.js'
import {
  batchesOf,
  checkUploadedFileKey,
  openUploadedFile,
  UnreadableFile,
  type CsvRow,
  type RowError,
} from './import-rows.js'
import {
  parsePriceRow,
  readPriceListHeader,
  SKU_COLUMN,
  VARIANT_ID_COLUMN,
  type PriceListHeader,
  type PriceRow,
} from './price-list-csv.js'

/**
 * `price-list-import` (Medusa v1's job type): a CSV of prices (price-list-csv.ts) for the price list
 * `context.price_list_id`. Pre-processing is a dry run that validates every row and writes nothing.
 * Processing writes nothing when the dry run found errors; otherwise it replaces, batch by batch,
 * the list's prices of the variants in the file with the file's prices, each batch in one
 * transaction with the job's progress, under the list's row lock. A variant's old prices go in the
 * batch that first meets it, so its rows may be spread over the file. Medusa v1 empties the whole
 * list first; here the list's other variants keep their prices. An interrupted run resumes after
 * the last committed batch.
 */

interface Counts {
  rows: number
  variants: number
  prices: number
}

/** The file-wide checks, kept as hashes (FirstLines) so memory does not grow with the file. */
class FileState {
  private readonly variants = new FirstLines()
  private readonly prices = new FirstLines()

  /** True when the file names the variant for the first time: its list prices are then replaced. */
  firstOfVariant(variantId: string, line: number): boolean {
    return this.variants.firstLine(variantId, line) === undefined
  }

  /** The line an identical price (variant, region or currency, quantity bounds) was first given on. */
  samePriceOn(variantId: string, row: PriceRow, price: PriceRow['prices'][number]): number | undefined {
    const where = price.region_id ?? price.currency_code
    const key = [variantId, where, row.min_quantity ?? '', row.max_quantity ?? ''].join('\u0000')
    return this.prices.firstLine(key, row.line)
  }
}

interface Plan {
  replaced: string[]
  prices: ImportedListPrice[]
}

/** The variants the rows name, by id and by SKU: two statements whatever the batch's size. */
async function resolveVariants(db: Db, rows: PriceRow[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.variantId ? [row.variantId] : [])))]
  const skus = [...new Set(rows.flatMap((row) => (row.sku ? [row.sku] : [])))]
  const live = isNull(productVariant.deleted_at)
  const [byId, bySku] = await Promise.all([
    ids.length > 0
      ? db
          .select({ id: productVariant.id })
          .from(productVariant)
          .where(and(inArray(productVariant.id, ids), live))
      : [],
    skus.length > 0
      ? db
          .select({ id: productVariant.id, sku: productVariant.sku })
          .from(productVariant)
          .where(and(inArray(productVariant.sku, skus), live))
      : [],
  ])
  return { ids: new Set(byId.map((row) => row.id)), skus: new Map(bySku.map((row) => [row.sku!, row.id])) }
}

/** The variant a row names; undefined (and an error naming the column) when there is none. */
function variantOf(row: PriceRow, known: Awaited<ReturnType<typeof resolveVariants>>, errors: RowError[]) {
  const error = (column: string, message: string) => errors.push({ line: row.line, column, message })
  const bySku = row.sku ? known.skus.get(row.sku) : undefined
  if (row.variantId) {
    if (!known.ids.has(row.variantId)) return void error(VARIANT_ID_COLUMN, `No variant has the id ${row.variantId}`)
    if (row.sku && bySku !== row.variantId) {
      return void error(SKU_COLUMN, `${row.sku} is not the SKU of the variant ${row.variantId}`)
    }
    return row.variantId
  }
  if (!bySku) return void error(SKU_COLUMN, `No variant has the SKU ${row.sku}`)
  return bySku
}

/** Checks a batch's rows against the database and the file so far; what the batch writes. */
async function planBatch(db: Db, rows: PriceRow[], state: FileState, errors: RowError[]): Promise<Plan> {
  const known = await resolveVariants(db, rows)
  const plan: Plan = { replaced: [], prices: [] }
  for (const row of rows) {
    const variantId = variantOf(row, known, errors)
    if (!variantId) continue
    const repeats = row.prices.flatMap((price) => {
      const line = state.samePriceOn(variantId, row, price)
      return line === undefined
        ? []
        : [{ line: row.line, column: price.column, message: `The same price is already given on line ${line}` }]
    })
    if (repeats.length > 0) {
      errors.push(...repeats)
      continue
    }
    if (state.firstOfVariant(variantId, row.line)) plan.replaced.push(variantId)
    const { min_quantity, max_quantity } = row
    for (const { column: _column, ...price } of row.prices) {
      plan.prices.push({ ...price, variant_id: variantId, min_quantity, max_quantity })
    }
  }
  return plan
}

function parseRows(rows: CsvRow[], header: PriceListHeader, errors: RowError[]) {
  return rows.flatMap((row) => parsePriceRow(row, header, errors) ?? [])
}

function statDescriptors(counts: Counts, errorCount: number, applied: boolean) {
  const verb = applied ? 'were' : 'will be'
  return [
    {
      key: 'price-list-import-count',
      name: 'PriceList to import',
      message: `${counts.prices} prices ${verb} added for ${counts.variants} variants, replacing their prices in the list.`,
    },
    ...(errorCount > 0
      ? [
          {
            key: 'price-list-import-errors',
            name: 'Rows with errors',
            message: applied
              ? `${errorCount} rows no longer fit (their variant was deleted since the dry run) and were left out.`
              : `${errorCount} errors; nothing will be imported until the file is corrected.`,
          },
        ]
      : []),
  ]
}

const listIdOf = (run: JobRun) => run.job.context?.price_list_id as string
const openFile = (run: JobRun) => openUploadedFile(run.files, run.job.context?.fileKey as string)

export const priceListImportStrategy: BatchJobStrategy = {
  type: 'price-list-import',

  async prepareContext(context, files, db) {
    const { fileKey, price_list_id, ...rest } = context
    const extra = Object.keys(rest)
    if (extra.length > 0) throw new InvalidData(`context.${extra[0]}: unknown option of price-list-import`)
    if (typeof price_list_id !== 'string' || price_list_id === '') {
      throw new InvalidData('context.price_list_id is required: the id of the price list to import into')
    }
    // v1 answers an unknown list with 404 when the job is created.
    if (!(await priceListExists(db, price_list_id))) {
      throw new NotFound(`context.price_list_id: Price list with id ${price_list_id} was not found`)
    }
    return { fileKey: await checkUploadedFileKey(fileKey, files), price_list_id }
  },

  async preProcess(run: JobRun): Promise<BatchJobResult> {
    if (!(await priceListExists(run.db, listIdOf(run)))) {
      throw new NotFound(`Price list with id ${listIdOf(run)} was not found`)
    }
    const counts: Counts = { rows: 0, variants: 0, prices: 0 }
    const errors = new ErrorList()
    const file = await openFile(run)
    const { header, errors: headerErrors } = await readPriceListHeader(run.db, file.header)
    errors.add(headerErrors)
    const state = new FileState()
    try {
      if (headerErrors.length === 0) {
        for await (const groups of batchesOf(file.groups, run.batchRows)) {
          run.checkpoint()
          const rowErrors: RowError[] = []
          const rows = parseRows(
            groups.flatMap((group) => group.rows),
            header,
            rowErrors,
          )
          counts.rows += groups.reduce((sum, group) => sum + group.rows.length, 0)
          const plan = await planBatch(run.db, rows, state, rowErrors)
          counts.variants += plan.replaced.length
          counts.prices += plan.prices.length
          errors.add(rowErrors.sort((a, b) => a.line - b.line))
        }
      }
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error
      errors.add([error.rowError])
    } finally {
      await file.groups.return(undefined)
    }
    return {
      count: counts.rows,
      advancement_count: 0,
      progress: 0,
      ...counts,
      error_count: errors.total,
      errors: errors.kept,
      stat_descriptors: statDescriptors(counts, errors.total, false),
    }
  },

  async process(run: JobRun): Promise<BatchJobResult> {
    const start = resumePoint(run.job, (): Counts => ({ rows: 0, variants: 0, prices: 0 }))
    const { counts, errors, resuming, resumeAfter } = start
    const found = Number(start.previous.error_count ?? 0)
    if (!resuming && found > 0) {
      throw new InvalidData(
        `The file has ${found} errors (see the errors above); nothing was imported. Correct the file and import it again`,
      )
    }
    const file = await openFile(run)
    const { header, errors: headerErrors } = await readPriceListHeader(run.db, file.header)
    if (headerErrors.length > 0) {
      await file.groups.return(undefined)
      throw new InvalidData(describeRowError(headerErrors[0]).message)
    }
    const state = new FileState()
    const listId = listIdOf(run)
    let seen = 0
    try {
      for await (const groups of batchesOf(file.groups, run.batchRows)) {
        const rowErrors: RowError[] = []
        const rows = parseRows(
          groups.flatMap((group) => group.rows),
          header,
          rowErrors,
        )
        seen += groups.reduce((sum, group) => sum + group.rows.length, 0)
        if (seen <= resumeAfter) {
          // Committed before: only the file-wide state is rebuilt, so those variants are not replaced again.
          await planBatch(run.db, rows, state, [])
          continue
        }
        await run.inBatch((tx) =>
          withLiveList(tx, listId, async (locked) => {
            const plan = await planBatch(locked, rows, state, rowErrors)
            await replaceListPricesOfVariants(locked, listId, plan.replaced, plan.prices)
            counts.rows = seen
            counts.variants += plan.replaced.length
            counts.prices += plan.prices.length
            // A row that no longer fits (its variant deleted since the dry run) is left out and reported.
            errors.add(rowErrors.sort((a, b) => a.line - b.line))
            return progressResult(start, seen)
          }),
        )
      }
    } finally {
      await file.groups.return(undefined)
    }
    return {
      ...progressResult(start, seen),
      progress: 1,
      stat_descriptors: statDescriptors(counts, errors.total, true),
    }
  },
}
