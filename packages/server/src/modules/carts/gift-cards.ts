import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import { cartGiftCards, giftCard } from '../promotions/schema.js'
import type { cart } from './schema.js'

/**
 * Gift cards on carts (v1 `applyGiftCard`): which cards a cart may take. Their balances are read
 * with the cart, so its totals always draw on what the cards hold now; the order's transaction
 * draws them down (orders/checkout/gift-cards.ts).
 */

export type GiftCardRow = typeof giftCard.$inferSelect

/**
 * The cart's live gift cards as JSON (a subquery of the whole-cart statement), oldest first: the
 * order they are drawn in. A card disabled or expired since it was applied is left out.
 */
export const cartGiftCardsJson = (cartTable: typeof cart) => sql<Record<string, unknown>[]>`(SELECT
  coalesce(json_agg(g ORDER BY g.created_at, g.id), '[]'::json)
  FROM ${cartGiftCards} cg JOIN ${giftCard} g ON g.id = cg.gift_card_id
  WHERE cg.cart_id = ${cartTable.id} AND g.deleted_at IS NULL AND NOT g.is_disabled
    AND (g.ends_at IS NULL OR g.ends_at > now()))`

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))

/** A card as the whole-cart statement read it, its dates Dates again. */
export function giftCardOf(json: Record<string, unknown>): GiftCardRow {
  return {
    ...(json as unknown as GiftCardRow),
    ends_at: dateOf(json.ends_at),
    created_at: new Date(json.created_at as string),
    updated_at: new Date(json.updated_at as string),
    deleted_at: dateOf(json.deleted_at),
  }
}

/**
 * `gift_cards: [{code}]` on `POST /store/carts/:id`, in the cart's transaction under its lock: the
 * given cards replace the cart's. Each must exist (404), be enabled, not expired, and belong to the
 * cart's region (400, v1's wording); the cart is left as it was on a refusal.
 */
export async function setCartGiftCards(
  tx: Db,
  cartId: string,
  regionId: string,
  codes: readonly { code: string }[],
): Promise<void> {
  const normalized = [...new Set(codes.map((entry) => entry.code.trim().toUpperCase()))]
  const found =
    normalized.length === 0
      ? []
      : await tx
          .select()
          .from(giftCard)
          .where(and(inArray(giftCard.code, normalized), isNull(giftCard.deleted_at)))
  const now = new Date()
  for (const code of normalized) {
    const card = found.find((row) => row.code === code)
    if (!card) throw NotFound.entity('Gift card', code, 'code')
    if (card.is_disabled) throw new NotAllowed('The gift card is disabled')
    if (card.ends_at && card.ends_at <= now) throw new NotAllowed(`The gift card ${code} has expired`)
    if (card.region_id !== regionId) throw new InvalidData('The gift card cannot be used in the current region')
  }
  await tx.delete(cartGiftCards).where(eq(cartGiftCards.cart_id, cartId))
  if (found.length > 0) {
    await tx.insert(cartGiftCards).values(found.map((card) => ({ cart_id: cartId, gift_card_id: card.id })))
  }
}
