import { and, eq, inArray, isNull } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { MultipleErrors, NotFound } from '../../core/errors.js'
import { salesChannel } from '../sales-channels/schema.js'
import type { SalesChannelRow } from './loader.js'
import { missingProducts } from './products/writes.js'
import { productSalesChannel } from './schema.js'
import { catalogWrite } from './read-cache.js'

/**
 * The product side of the channel link lives in the catalogue: `POST|DELETE
 * /admin/sales-channels/:id/products/batch` (sales-channels/products.routes.ts) reach it through a seam.
 */

/**
 * The live channel, locked until the transaction ends as its delete locks it whole: products are
 * not linked to a channel a committed delete took away, and a delete waits for the links in flight.
 */
async function retrieveChannel(db: Db, id: string): Promise<SalesChannelRow> {
  const [row] = await db
    .select()
    .from(salesChannel)
    .where(and(eq(salesChannel.id, id), isNull(salesChannel.deleted_at)))
    .limit(1)
    .for('share')
  if (!row) throw NotFound.entity('Sales channel', id)
  return row
}

async function checkedProductIds(db: Db, refs: readonly { id: string }[]): Promise<string[]> {
  const ids = [...new Set(refs.map((ref) => ref.id))]
  const missing = await missingProducts(db, ids)
  if (missing.length > 0) throw new MultipleErrors(400, [`Products ${missing.join(', ')} do not exist`])
  return ids
}

export async function addProductsToSalesChannel(
  db: Db,
  channelId: string,
  refs: readonly { id: string }[],
): Promise<SalesChannelRow> {
  return catalogWrite(db, async (tx) => {
    const channel = await retrieveChannel(tx, channelId)
    const ids = await checkedProductIds(tx, refs)
    if (ids.length > 0) {
      await tx
        .insert(productSalesChannel)
        .values(ids.map((id) => ({ id: generateId('prodsc'), product_id: id, sales_channel_id: channelId })))
        .onConflictDoNothing()
    }
    await emit(tx, 'sales_channel.updated', { id: channelId, product_ids: ids })
    return channel
  })
}

export async function removeProductsFromSalesChannel(
  db: Db,
  channelId: string,
  refs: readonly { id: string }[],
): Promise<SalesChannelRow> {
  return catalogWrite(db, async (tx) => {
    const channel = await retrieveChannel(tx, channelId)
    const ids = await checkedProductIds(tx, refs)
    if (ids.length > 0) {
      await tx
        .delete(productSalesChannel)
        .where(and(eq(productSalesChannel.sales_channel_id, channelId), inArray(productSalesChannel.product_id, ids)))
    }
    await emit(tx, 'sales_channel.updated', { id: channelId, product_ids: ids })
    return channel
  })
}
