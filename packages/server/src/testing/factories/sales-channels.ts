import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { publishableApiKey, publishableApiKeySalesChannel, salesChannel } from '../../modules/sales-channels/schema.js'

let counter = 0

export async function makeSalesChannel(
  db: Db,
  overrides: Partial<{
    name: string
    description: string | null
    is_disabled: boolean
    metadata: Record<string, unknown> | null
    deleted_at: Date | null
  }> = {},
) {
  counter += 1
  const [row] = await db
    .insert(salesChannel)
    .values({
      id: generateId('sc'),
      name: overrides.name ?? `Channel ${counter}`,
      description: overrides.description ?? null,
      is_disabled: overrides.is_disabled ?? false,
      metadata: overrides.metadata ?? null,
      deleted_at: overrides.deleted_at ?? null,
    })
    .returning()
  return row
}

/** A publishable key, linked to `sales_channel_ids` when given. */
export async function makePublishableKey(
  db: Db,
  overrides: Partial<{
    title: string
    created_by: string | null
    revoked_at: Date | null
    revoked_by: string | null
    sales_channel_ids: string[]
  }> = {},
) {
  counter += 1
  const [row] = await db
    .insert(publishableApiKey)
    .values({
      id: generateId('pk'),
      title: overrides.title ?? `Key ${counter}`,
      created_by: overrides.created_by ?? null,
      revoked_at: overrides.revoked_at ?? null,
      revoked_by: overrides.revoked_by ?? null,
    })
    .returning()
  const channelIds = overrides.sales_channel_ids ?? []
  if (channelIds.length > 0) {
    await db
      .insert(publishableApiKeySalesChannel)
      .values(channelIds.map((id) => ({ id: generateId('pksc'), publishable_key_id: row.id, sales_channel_id: id })))
  }
  return row
}
