import { and, eq, isNull, ne } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { DuplicateError, NotAllowed, NotFound } from '../../../core/errors.js'
import type { LoadedProduct } from '../loader.js'
import { lockLiveProduct } from './writes.js'
import { retrieveAdminProduct, type CatalogFlags } from './products.js'
import type { AdminPostProductsProductOptionsReq } from './contract.js'
import { productOption, productOptionValue, productVariant } from '../schema.js'
import { findDuplicateCombination } from '../variants/writes.js'
import { catalogWrite } from '../read-cache.js'
import type { Picked } from '../../../core/list.js'

/** Product options: `POST /admin/products/:id/options`, `POST|DELETE …/options/:option_id`. */

// v1 gives existing variants this value for an option added after them.
const DEFAULT_OPTION_VALUE = 'Default Value'

async function assertTitleFree(db: Db, productId: string, title: string, exceptId?: string): Promise<void> {
  const [clash] = await db
    .select({ id: productOption.id })
    .from(productOption)
    .where(
      and(
        eq(productOption.product_id, productId),
        eq(productOption.title, title),
        isNull(productOption.deleted_at),
        exceptId ? ne(productOption.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (clash) throw new DuplicateError(`An option with the title: ${title} already exists`)
}

async function retrieveOption(db: Db, productId: string, optionId: string) {
  const [row] = await db
    .select()
    .from(productOption)
    .where(
      and(eq(productOption.id, optionId), eq(productOption.product_id, productId), isNull(productOption.deleted_at)),
    )
    .limit(1)
  if (!row) throw NotFound.entity('Option', optionId)
  return row
}

export async function addProductOption(
  db: Db,
  productId: string,
  input: AdminPostProductsProductOptionsReq,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, productId)
    await assertTitleFree(tx, productId, input.title)
    const optionId = generateId('opt')
    await tx.insert(productOption).values({ id: optionId, title: input.title, product_id: productId })
    const variants = await tx
      .select({ id: productVariant.id })
      .from(productVariant)
      .where(and(eq(productVariant.product_id, productId), isNull(productVariant.deleted_at)))
    if (variants.length > 0) {
      await tx.insert(productOptionValue).values(
        variants.map((variant) => ({
          id: generateId('optval'),
          option_id: optionId,
          variant_id: variant.id,
          value: DEFAULT_OPTION_VALUE,
        })),
      )
    }
    await emit(tx, 'product.updated', { id: productId, fields: ['options'] })
    return retrieveAdminProduct(tx, productId, {}, flags)
  })
}

export async function updateProductOption(
  db: Db,
  productId: string,
  optionId: string,
  input: AdminPostProductsProductOptionsReq,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, productId)
    await retrieveOption(tx, productId, optionId)
    await assertTitleFree(tx, productId, input.title, optionId)
    await tx.update(productOption).set({ title: input.title }).where(eq(productOption.id, optionId))
    await emit(tx, 'product.updated', { id: productId, fields: ['options'] })
    return retrieveAdminProduct(tx, productId, {}, flags)
  })
}

/** Refused when the remaining options would leave two variants alike (v1: delete variants first). */
export async function deleteProductOption(
  db: Db,
  productId: string,
  optionId: string,
  flags: CatalogFlags,
): Promise<Picked<LoadedProduct>> {
  return catalogWrite(db, async (tx) => {
    await lockLiveProduct(tx, productId)
    await retrieveOption(tx, productId, optionId)
    const remaining = await tx
      .select({
        variant_id: productOptionValue.variant_id,
        option_id: productOptionValue.option_id,
        value: productOptionValue.value,
        title: productVariant.title,
      })
      .from(productOptionValue)
      .innerJoin(productVariant, eq(productVariant.id, productOptionValue.variant_id))
      .innerJoin(productOption, eq(productOption.id, productOptionValue.option_id))
      .where(
        and(
          eq(productVariant.product_id, productId),
          ne(productOptionValue.option_id, optionId),
          isNull(productVariant.deleted_at),
          isNull(productOptionValue.deleted_at),
          isNull(productOption.deleted_at),
        ),
      )
    const variantCount = await tx
      .select({ id: productVariant.id })
      .from(productVariant)
      .where(and(eq(productVariant.product_id, productId), isNull(productVariant.deleted_at)))
    // Without other options every variant looks alike, so more than one variant blocks the delete.
    const clash = remaining.length === 0 ? variantCount.length > 1 : findDuplicateCombination(remaining) !== undefined
    if (clash) {
      throw new NotAllowed(
        'To delete an option, first delete all variants, such that when an option is deleted, no duplicate variants will exist.',
      )
    }
    const now = new Date()
    await tx
      .update(productOptionValue)
      .set({ deleted_at: now })
      .where(and(eq(productOptionValue.option_id, optionId), isNull(productOptionValue.deleted_at)))
    await tx.update(productOption).set({ deleted_at: now }).where(eq(productOption.id, optionId))
    await emit(tx, 'product.updated', { id: productId, fields: ['options'] })
    return retrieveAdminProduct(tx, productId, {}, flags)
  })
}
