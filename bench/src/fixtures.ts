/** What the scenarios read from the seeded database before the load, and the vacuum between them. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import { migrate } from '../../packages/server/src/db/migrate.js'
import { product, productSalesChannel } from '../../packages/server/src/modules/catalog/schema.js'
import { region } from '../../packages/server/src/modules/regions/schema.js'
import {
  publishableApiKey,
  publishableApiKeySalesChannel,
} from '../../packages/server/src/modules/sales-channels/schema.js'
import { store } from '../../packages/server/src/modules/store/schema.js'
import { SEARCH_WORD } from './catalogue.js'
import type { Fixtures } from './scenarios.js'

/**
 * Clears the dead rows earlier scenarios left and refreshes the planner's statistics, as
 * autovacuum keeps a production database. Without it the figures would depend on the order of the
 * scenarios and on whether the machine's PostgreSQL runs autovacuum at all (a CI database often
 * does not): tables that were empty when last analyzed get plans made for empty tables.
 */
export async function vacuumAnalyze(url: string): Promise<void> {
  const database = await openDatabase({ url, poolSize: 1 })
  try {
    await database.db.execute(sql`VACUUM (ANALYZE)`)
  } finally {
    await database.close()
  }
}

export async function readFixtures(url: string): Promise<Fixtures> {
  const database = await openDatabase({ url, poolSize: 1 })
  try {
    await migrate(database)
    const { db } = database
    const [shop] = await db.select({ channel: store.default_sales_channel_id }).from(store).limit(1)
    const channel = shop?.channel ?? ''
    const [key] = await db
      .select({ id: publishableApiKey.id })
      .from(publishableApiKey)
      .innerJoin(
        publishableApiKeySalesChannel,
        eq(publishableApiKeySalesChannel.publishable_key_id, publishableApiKey.id),
      )
      .where(and(isNull(publishableApiKey.revoked_at), eq(publishableApiKeySalesChannel.sales_channel_id, channel)))
      .orderBy(asc(publishableApiKey.created_at))
      .limit(1)
    const [usd] = await db
      .select({ id: region.id })
      .from(region)
      .where(isNull(region.deleted_at))
      .orderBy(desc(sql`${region.currency_code} = 'usd'`), asc(region.created_at))
      .limit(1)
    const published = and(
      eq(product.status, 'published'),
      isNull(product.deleted_at),
      eq(productSalesChannel.sales_channel_id, channel),
    )
    const [newest] = await db
      .select({ id: product.id })
      .from(product)
      .innerJoin(productSalesChannel, eq(productSalesChannel.product_id, product.id))
      .where(published)
      .orderBy(desc(product.created_at), desc(product.id))
      .limit(1)
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(product)
      .innerJoin(productSalesChannel, eq(productSalesChannel.product_id, product.id))
      .where(published)
    return {
      publishableKey: key?.id,
      regionId: usd?.id,
      productId: newest?.id,
      productCount: count?.n ?? 0,
      searchWord: SEARCH_WORD,
    }
  } finally {
    await database.close()
  }
}
