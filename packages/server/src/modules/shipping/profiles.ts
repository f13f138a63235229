import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { DuplicateError, NotAllowed, NotFound } from '../../core/errors.js'
import { product } from '../catalog/schema.js'
import type { AdminPostShippingProfilesProfileReq, AdminPostShippingProfilesReq } from './contract.js'
import { shippingOption, shippingProfile, type ShippingProfileType } from './schema.js'
import { ADVISORY_LOCKS, holdAdvisoryLock } from '../../db/advisory-locks.js'

export type ShippingProfileRow = typeof shippingProfile.$inferSelect
export type ShippingOptionRow = typeof shippingOption.$inferSelect
export type ShippingProfileView = ShippingProfileRow & { shipping_options?: ShippingOptionRow[] }

/** Profiles are a handful per store; the bound only keeps a runaway table from being read whole. */
const MAX_PROFILES = 1000
/** A profile's options are a few per region; the bound keeps one profile from loading a runaway table. */
const MAX_PROFILE_OPTIONS = 1000

/** The types of which a store has exactly one live profile. */
const SINGLE_TYPES: ShippingProfileType[] = ['default', 'gift_card']
const DEFAULT_NAMES = { default: 'Default Shipping Profile', gift_card: 'Gift Card Profile' }

/**
 * v1 `product.profile_id` is written here, not in catalog code: the column belongs to this
 * module's migration until the catalog schema declares it.
 */
const productProfileId = sql<string | null>`"product"."profile_id"`

/**
 * The "Default Shipping Profile" and the "Gift Card Profile", created when missing (v1 creates them
 * at boot). Safe to call from several processes at once.
 */
export async function ensureDefaultShippingProfiles(
  db: Db,
): Promise<{ default: ShippingProfileRow; gift_card: ShippingProfileRow }> {
  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, ADVISORY_LOCKS.defaultShippingProfiles)
    const existing = await tx
      .select()
      .from(shippingProfile)
      .where(and(inArray(shippingProfile.type, SINGLE_TYPES), isNull(shippingProfile.deleted_at)))
    const found = (type: ShippingProfileType) => existing.find((row) => row.type === type)
    const ensure = async (type: 'default' | 'gift_card') => {
      const row = found(type)
      if (row) return row
      const [created] = await tx
        .insert(shippingProfile)
        .values({ id: generateId('sp'), name: DEFAULT_NAMES[type], type })
        .returning()
      return created
    }
    return { default: await ensure('default'), gift_card: await ensure('gift_card') }
  })
}

/** The live profile of a single type (`default` or `gift_card`), created if the store has none yet. */
export async function retrieveSingleTypeProfile(db: Db, type: 'default' | 'gift_card'): Promise<ShippingProfileRow> {
  const [row] = await db
    .select()
    .from(shippingProfile)
    .where(and(eq(shippingProfile.type, type), isNull(shippingProfile.deleted_at)))
    .limit(1)
  return row ?? (await ensureDefaultShippingProfiles(db))[type]
}

export async function listShippingProfiles(db: Db): Promise<ShippingProfileRow[]> {
  return db
    .select()
    .from(shippingProfile)
    .where(isNull(shippingProfile.deleted_at))
    .orderBy(asc(shippingProfile.created_at), asc(shippingProfile.id))
    .limit(MAX_PROFILES)
}

/** A live profile with its live shipping options. */
export async function retrieveShippingProfile(db: Db, id: string): Promise<ShippingProfileView> {
  const row = await db.query.shippingProfile.findFirst({
    where: and(eq(shippingProfile.id, id), isNull(shippingProfile.deleted_at)),
    with: {
      shipping_options: {
        where: isNull(shippingOption.deleted_at),
        orderBy: [asc(shippingOption.created_at), asc(shippingOption.id)],
        limit: MAX_PROFILE_OPTIONS,
      },
    },
  })
  if (!row) throw NotFound.entity('ShippingProfile', id)
  return row
}

async function lockProfile(db: Db, id: string): Promise<ShippingProfileRow> {
  const [row] = await db
    .select()
    .from(shippingProfile)
    .where(and(eq(shippingProfile.id, id), isNull(shippingProfile.deleted_at)))
    .for('update')
  if (!row) throw NotFound.entity('ShippingProfile', id)
  return row
}

/** A store has one live `default` and one live `gift_card` profile (a unique index backs this). */
async function assertTypeFree(db: Db, type: ShippingProfileType, exceptId?: string): Promise<void> {
  if (!SINGLE_TYPES.includes(type)) return
  const [taken] = await db
    .select({ id: shippingProfile.id })
    .from(shippingProfile)
    .where(
      and(
        eq(shippingProfile.type, type),
        isNull(shippingProfile.deleted_at),
        exceptId ? ne(shippingProfile.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (taken) throw new DuplicateError(`A shipping profile of type ${type} already exists`)
}

export async function createShippingProfile(db: Db, input: AdminPostShippingProfilesReq): Promise<ShippingProfileView> {
  return db.transaction(async (tx) => {
    await assertTypeFree(tx, input.type)
    const [created] = await tx
      .insert(shippingProfile)
      .values({
        id: generateId('sp'),
        name: input.name,
        type: input.type,
        metadata: mergeMetadata(null, input.metadata) ?? null,
      })
      .returning()
    return { ...created, shipping_options: [] }
  })
}

/** Checks every id names a live row; the first unknown one is a 404. */
async function assertLive(db: Db, table: typeof product | typeof shippingOption, entity: string, ids: string[]) {
  const found = await db
    .select({ id: table.id })
    .from(table as typeof product)
    .where(and(inArray(table.id, ids), isNull(table.deleted_at)))
  const known = new Set(found.map((row) => row.id))
  const missing = ids.find((id) => !known.has(id))
  if (missing) throw NotFound.entity(entity, missing)
}

export async function updateShippingProfile(
  db: Db,
  id: string,
  input: AdminPostShippingProfilesProfileReq,
): Promise<ShippingProfileView> {
  return db.transaction(async (tx) => {
    const current = await lockProfile(tx, id)
    if (input.type && input.type !== current.type) await assertTypeFree(tx, input.type, id)
    const products = [...new Set(input.products ?? [])]
    if (products.length > 0) {
      await assertLive(tx, product, 'Product', products)
      await tx.execute(
        sql`UPDATE ${product} SET profile_id = ${id}, updated_at = now() WHERE ${inArray(product.id, products)}`,
      )
    }
    const options = [...new Set(input.shipping_options ?? [])]
    if (options.length > 0) {
      await assertLive(tx, shippingOption, 'ShippingOption', options)
      await tx.update(shippingOption).set({ profile_id: id }).where(inArray(shippingOption.id, options))
    }
    await tx
      .update(shippingProfile)
      .set({
        updated_at: new Date(),
        name: input.name,
        type: input.type,
        metadata: mergedMetadata(shippingProfile.metadata, input.metadata),
      })
      .where(eq(shippingProfile.id, id))
    return retrieveShippingProfile(tx, id)
  })
}

/**
 * Soft-deletes a profile; an unknown or already deleted id is not an error (v1 answers 200). The
 * default and gift-card profiles stay: new options and products fall back to them.
 */
export async function deleteShippingProfile(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(shippingProfile)
      .where(and(eq(shippingProfile.id, id), isNull(shippingProfile.deleted_at)))
      .for('update')
    if (!row) return
    if (row.type !== 'custom') throw new NotAllowed(`The ${row.type} shipping profile cannot be deleted`)
    await tx.update(shippingProfile).set({ deleted_at: new Date() }).where(eq(shippingProfile.id, id))
  })
}

/**
 * The distinct shipping profiles of these live products. A product without a profile belongs to
 * the default profile, a gift card to the gift-card profile, as v1 assigns them on creation.
 */
export async function profilesOfProducts(db: Db, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return []
  const rows = await db
    .select({ profile_id: productProfileId, is_giftcard: product.is_giftcard })
    .from(product)
    .where(and(inArray(product.id, productIds), isNull(product.deleted_at)))
  const profiles = new Set(rows.map((row) => row.profile_id).filter((id): id is string => id !== null))
  const fallbacks = new Set(
    rows.filter((row) => !row.profile_id).map((row) => (row.is_giftcard ? 'gift_card' : 'default')),
  )
  for (const type of fallbacks) profiles.add((await retrieveSingleTypeProfile(db, type)).id)
  return [...profiles]
}
