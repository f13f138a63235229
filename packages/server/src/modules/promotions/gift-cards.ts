import { randomInt } from 'node:crypto'
import { and, desc, eq, ilike, inArray, isNull } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { inTransaction } from '../../db/transactions.js'
import { mergeMetadata } from '../../db/metadata.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotFound } from '../../core/errors.js'
import { likePattern, listAnswer, listTotal, whereAll, type ListAnswer } from '../../core/list.js'
import { findPgError } from '../../db/pg-error.js'
import { region } from '../regions/schema.js'
import {
  giftCardsPaging,
  type AdminGetGiftCardsParams,
  type AdminPostGiftCardsGiftCardReq,
  type AdminPostGiftCardsReq,
  type GiftCard,
} from './gift-cards-contract.js'
import { giftCard } from './schema.js'

/** v1 event names (GiftCardService.Events). */
export const GIFT_CARD_EVENTS = { created: 'gift_card.created' } as const

export type GiftCardRow = typeof giftCard.$inferSelect

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/**
 * `XXXX-XXXX-XXXX-XXXX` of A–Z and 0–9, each character drawn independently from the system's
 * cryptographic source (36^16 ≈ 8·10^24 codes): one code tells nothing of another.
 */
export function generateGiftCardCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
  return groups.join('-')
}

const live = isNull(giftCard.deleted_at)

/** The cards with their regions, read in one batched statement. */
async function withRegions(db: Db, rows: GiftCardRow[]): Promise<GiftCard[]> {
  const ids = [...new Set(rows.map((row) => row.region_id))]
  const regions = ids.length > 0 ? await db.select().from(region).where(inArray(region.id, ids)) : []
  const byId = new Map(regions.map((row) => [row.id, row]))
  return rows.map((row) => {
    const cardRegion = byId.get(row.region_id)
    return cardRegion ? { ...row, region: cardRegion } : row
  })
}

export async function listGiftCards(
  db: Db,
  query: AdminGetGiftCardsParams,
): Promise<ListAnswer<'gift_cards', GiftCard>> {
  const page = giftCardsPaging.page(query)
  if (query.order !== undefined && !['created_at', '-created_at'].includes(query.order)) {
    throw new InvalidData(`Order field ${query.order.replace(/^-/, '')} is not valid`)
  }
  const where = whereAll([live, query.q ? ilike(giftCard.code, likePattern(query.q)) : undefined])
  const rows = await db
    .select()
    .from(giftCard)
    .where(where)
    .orderBy(desc(giftCard.created_at), desc(giftCard.id))
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, giftCard, where, { rows: rows.length, ...page })
  return listAnswer('gift_cards', await withRegions(db, rows), count, page)
}

async function retrieveRow(db: Db, id: string): Promise<GiftCardRow> {
  const [row] = await db
    .select()
    .from(giftCard)
    .where(and(eq(giftCard.id, id), live))
    .limit(1)
  if (!row) throw NotFound.entity('Gift card', id)
  return row
}

export async function retrieveGiftCard(db: Db, id: string): Promise<GiftCard> {
  const [view] = await withRegions(db, [await retrieveRow(db, id)])
  return view
}

/** `GET /store/gift-cards/:code`: no disabled or expiry check on lookup (v1). */
export async function retrieveGiftCardByCode(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(giftCard)
    .where(and(eq(giftCard.code, code.trim().toUpperCase()), live))
    .limit(1)
  if (!row) throw NotFound.entity('Gift card', code, 'code')
  const [view] = await withRegions(db, [row])
  return { id: view.id, code: view.code, value: view.value, balance: view.balance, region: view.region! }
}

function parseDate(value: string, field: string): Date {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new InvalidData(`${field} must be a valid date`)
  return date
}

/** The card's tax rate, from its region: null when the region's gift cards are not taxable (v1). */
async function regionTaxRate(db: Db, regionId: string): Promise<number | null> {
  const [row] = await db
    .select({ tax_rate: region.tax_rate, gift_cards_taxable: region.gift_cards_taxable })
    .from(region)
    .where(and(eq(region.id, regionId), isNull(region.deleted_at)))
  if (!row) throw NotFound.entity('Region', regionId)
  return row.gift_cards_taxable ? row.tax_rate : null
}

/**
 * A new card with a fresh code, its balance its value; `gift_card.created` goes out with it. Also
 * issues the cards of an order's gift-card lines (`order_id`, in the order's transaction).
 */
export async function createGiftCard(
  db: Db,
  input: AdminPostGiftCardsReq & { order_id?: string },
): Promise<GiftCardRow> {
  const taxRate = await regionTaxRate(db, input.region_id)
  const endsAt = input.ends_at !== undefined ? parseDate(input.ends_at, 'ends_at') : null
  const value = input.value ?? 0
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(giftCard)
          .values({
            id: generateId('gift'),
            code: generateGiftCardCode(),
            value,
            balance: value,
            region_id: input.region_id,
            order_id: input.order_id ?? null,
            is_disabled: input.is_disabled ?? false,
            ends_at: endsAt,
            tax_rate: taxRate,
            metadata: mergeMetadata(null, input.metadata) ?? null,
          })
          .returning()
        await emit(tx, GIFT_CARD_EVENTS.created, { id: row.id })
        return row
      })
    } catch (error) {
      // A code taken already (one chance in 10^24): draw another.
      if (attempt < 3 && findPgError(error)?.code === '23505') continue
      throw error
    }
  }
}

export async function updateGiftCard(db: Db, id: string, input: AdminPostGiftCardsGiftCardReq): Promise<GiftCard> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(giftCard)
      .where(and(eq(giftCard.id, id), live))
      .for('update')
    if (!row) throw NotFound.entity('Gift card', id)
    const changes: Partial<typeof giftCard.$inferInsert> = {}
    if (input.balance !== undefined) changes.balance = input.balance
    if (input.is_disabled !== undefined) changes.is_disabled = input.is_disabled
    if (input.ends_at !== undefined)
      changes.ends_at = input.ends_at === null ? null : parseDate(input.ends_at, 'ends_at')
    if (input.region_id !== undefined) {
      changes.region_id = input.region_id
      changes.tax_rate = await regionTaxRate(tx, input.region_id)
    }
    if (input.metadata !== undefined) changes.metadata = mergeMetadata(row.metadata, input.metadata)
    await tx.update(giftCard).set(changes).where(eq(giftCard.id, id))
  })
  return retrieveGiftCard(db, id)
}

export async function deleteGiftCard(db: Db, id: string): Promise<void> {
  await db
    .update(giftCard)
    .set({ deleted_at: new Date() })
    .where(and(eq(giftCard.id, id), live))
}
