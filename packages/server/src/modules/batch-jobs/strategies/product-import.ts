import { fromPgError } from '../../../core/pg-errors.js'
import type { Db } from '../../../db/types.js'
import { AppError, InvalidData } from '../../../core/errors.js'
import type { CatalogFlags } from '../../catalog/products/products.js'
import { createProducts, type NewProduct } from '../../catalog/products/bulk-writes.js'
import { updateProducts } from '../../catalog/products/bulk-updates.js'
import { createProduct, updateProduct } from '../../catalog/products/writes.js'
import type { AdminPostProductsProductReq, AdminPostProductsReq } from '../../catalog/products/contract.js'
import type { BatchJobResult } from '../schema.js'
import type { BatchJobStrategy, JobRun } from '../strategy.js'
import { draftProduct, FileState, type DraftProduct } from './import-draft.js'
import { readHeader, type ImportHeader } from './import-header.js'
import { planProducts, type PlannedProduct } from './import-plan.js'
import { describeRowError, ErrorList, progressResult, resumePoint } from './import-report.js'
import {
  batchesOf,
  checkUploadedFileKey,
  openUploadedFile,
  UnreadableFile,
  type RowError,
  type RowGroup,
} from './import-rows.js'

/**
 * `product-import`: a CSV in the export's format (context `fileKey`, an uploaded file). Pre-processing
 * reads the whole file as a dry run: every row is validated and counted, nothing is written. Processing
 * reads it again and applies it in batches of whole products, each batch in one transaction with the
 * job's progress. A batch's new products are written together by the catalogue's bulk create, and
 * its updated products by the bulk update, each in a savepoint; when a bulk write fails, its
 * products go one by one through the catalogue's own create or update, each in a savepoint, so a
 * product that fails is left out whole.
 * File-wide checks keep hashes, not keys, so memory does not grow with the file (first-lines.ts).
 * An interrupted run resumes after the last committed batch.
 */

interface Counts {
  rows: number
  products: { create: number; update: number }
  variants: { create: number; update: number; delete: number }
}

const emptyCounts = (): Counts => ({
  rows: 0,
  products: { create: 0, update: 0 },
  variants: { create: 0, update: 0, delete: 0 },
})

function addPlan(counts: Counts, plan: PlannedProduct): void {
  counts.products[plan.action]++
  counts.variants.create += plan.variants.create
  counts.variants.update += plan.variants.update
  counts.variants.delete += plan.variants.delete
}

function statDescriptors(counts: Counts, errorCount: number, applied: boolean) {
  const verb = applied ? 'were' : 'will be'
  return [
    {
      key: 'product-import-count',
      name: 'Products/variants to import',
      message: `${counts.products.create} products ${verb} created and ${counts.products.update} updated; ${counts.variants.create} variants ${verb} created, ${counts.variants.update} updated and ${counts.variants.delete} deleted.`,
    },
    ...(errorCount > 0
      ? [
          {
            key: 'product-import-errors',
            name: 'Rows with errors',
            message: `${errorCount} errors; those products are left out.`,
          },
        ]
      : []),
  ]
}

const openFile = (run: JobRun) => openUploadedFile(run.files, run.job.context?.fileKey as string)

function draftsOf(groups: RowGroup[], header: ImportHeader, state: FileState) {
  const drafts: DraftProduct[] = []
  const errors: RowError[] = []
  for (const group of groups) {
    const { draft, errors: rowErrors } = draftProduct(group, header, state)
    errors.push(...rowErrors)
    if (draft) drafts.push(draft)
  }
  return { drafts, errors }
}

const rowsIn = (groups: RowGroup[]) => groups.reduce((sum, group) => sum + group.rows.length, 0)

async function applyOne(tx: Db, plan: PlannedProduct, flags: CatalogFlags): Promise<void> {
  if (plan.action === 'create') {
    await createProduct(tx, plan.input as AdminPostProductsReq, flags, plan.id ? { id: plan.id } : {})
  } else {
    await updateProduct(tx, plan.id!, plan.input as AdminPostProductsProductReq, flags)
  }
}

const bulkCreatable = (plan: PlannedProduct) => plan.action === 'create' && typeof plan.input.handle === 'string'
const bulkUpdatable = (plan: PlannedProduct) => plan.action === 'update'

/** Runs a bulk write in its savepoint; false when it failed, which rolled back all of it. */
const succeeds = (write: Promise<unknown>) =>
  write.then(
    () => true,
    () => false,
  )

/**
 * Writes a batch's plans; returns those that failed, with why. New products are written together
 * by the bulk create, and updated ones by the bulk update, each in a savepoint; if one fails (a row
 * the plan could not foresee, such as a SKU another process took meanwhile), its products go one by
 * one like the rest, so only the faulty ones are left out.
 */
async function applyBatch(
  tx: Db,
  plans: PlannedProduct[],
  flags: CatalogFlags,
): Promise<{ applied: PlannedProduct[]; failed: RowError[] }> {
  const applied: PlannedProduct[] = []
  const failed: RowError[] = []
  const creates = plans.filter(bulkCreatable)
  const updates = plans.filter(bulkUpdatable)
  const writtenCreates =
    creates.length > 1 &&
    (await succeeds(
      createProducts(
        tx,
        creates.map((plan) => ({ input: plan.input as NewProduct['input'], ...(plan.id ? { id: plan.id } : {}) })),
        flags,
      ),
    ))
  const writtenUpdates =
    updates.length > 1 &&
    (await succeeds(
      updateProducts(
        tx,
        updates.map((plan) => ({ id: plan.id!, input: plan.input as AdminPostProductsProductReq })),
        flags,
      ),
    ))
  if (writtenCreates) applied.push(...creates)
  if (writtenUpdates) applied.push(...updates)
  const oneByOne = plans.filter(
    (plan) => !(writtenCreates && bulkCreatable(plan)) && !(writtenUpdates && bulkUpdatable(plan)),
  )
  for (const plan of oneByOne) {
    try {
      await applyOne(tx, plan, flags)
      applied.push(plan)
    } catch (error) {
      // The product's savepoint was rolled back: nothing of it is written. A database error is
      // reported as the API would (never the driver's text, which holds SQL); anything else is a fault.
      const reported = error instanceof AppError ? error : fromPgError(error)
      if (!reported) throw error
      failed.push({ line: plan.line, column: null, message: reported.message })
    }
  }
  return { applied, failed }
}

export const productImportStrategy: BatchJobStrategy = {
  type: 'product-import',

  async prepareContext(context, files) {
    const { fileKey, ...rest } = context
    const extra = Object.keys(rest)
    if (extra.length > 0) throw new InvalidData(`context.${extra[0]}: unknown option of product-import`)
    return { fileKey: await checkUploadedFileKey(fileKey, files) }
  },

  async preProcess(run: JobRun): Promise<BatchJobResult> {
    const counts = emptyCounts()
    const errors = new ErrorList()
    const file = await openFile(run)
    const { header, errors: headerErrors } = await readHeader(run.db, file.header, run.flags)
    errors.add(headerErrors)
    const state = new FileState()
    try {
      if (headerErrors.length === 0) {
        for await (const groups of batchesOf(file.groups, run.batchRows)) {
          run.checkpoint()
          counts.rows += rowsIn(groups)
          const { drafts, errors: rowErrors } = draftsOf(groups, header, state)
          const { plans, errors: planErrors } = await planProducts(run.db, drafts, run.flags)
          errors.add([...rowErrors, ...planErrors])
          for (const plan of plans) addPlan(counts, plan)
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
    const start = resumePoint(run.job, emptyCounts)
    const { counts, errors, resumeAfter } = start
    const file = await openFile(run)
    const { header, errors: headerErrors } = await readHeader(run.db, file.header, run.flags)
    if (headerErrors.length > 0) {
      await file.groups.return(undefined)
      throw new InvalidData(describeRowError(headerErrors[0]).message)
    }
    const state = new FileState()
    let seen = 0
    try {
      for await (const groups of batchesOf(file.groups, run.batchRows)) {
        // Drafting every batch, skipped ones too, keeps the file-wide checks (SKUs, row order) exact.
        const { drafts, errors: rowErrors } = draftsOf(groups, header, state)
        seen += rowsIn(groups)
        if (seen <= resumeAfter) continue
        await run.inBatch(async (tx) => {
          const { plans, errors: planErrors } = await planProducts(tx, drafts, run.flags)
          const { applied, failed } = await applyBatch(tx, plans, run.flags)
          for (const plan of applied) addPlan(counts, plan)
          errors.add([...rowErrors, ...planErrors, ...failed].sort((a, b) => a.line - b.line))
          counts.rows = seen
          return progressResult(start, seen)
        })
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
