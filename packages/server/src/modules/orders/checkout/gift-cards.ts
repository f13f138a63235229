import { and, eq, gte, sql } from 'drizzle-orm'
import { generateId } from '../../../db/ids.js'
import type { Db } from '../../../db/types.js'
import { NotAllowed } from '../../../core/errors.js'
import { cartGiftCardDraws, type CartDetails } from '../../carts/loader.js'
import { emit } from '../../../events/outbox.js'
import { GIFT_CARD_EVENTS, generateGiftCardCode } from '../../promotions/gift-cards.js'
import { giftCard, giftCardTransaction, orderGiftCards } from '../../promotions/schema.js'

/**
 * The writes that draw a cart's gift cards for its order, for the batch that places it: each card's
 * balance goes down by what the totals drew from it, by a conditional update (`balance >= drawn`),
 * so two orders spending one card's last balance at once cannot take it twice: the second finds it
 * short, and its order is refused (400) and rolled back. The cart then shows the card's balance as
 * it is now and completes with that. Each draw is recorded as a gift card transaction of the order.
 */
export function giftCardWrites(tx: Db, details: CartDetails, orderId: string) {
  const amounts = cartGiftCardDraws(details)
  const draws = details.gift_cards
    .map((card, index) => ({ card, amount: amounts[index] ?? 0 }))
    .filter((draw) => draw.amount > 0)
  if (draws.length === 0) return { writes: [], check: async () => {} }
  const taken: Promise<boolean>[] = []
  const writes = [
    ...draws.map((draw, index) => () => (taken[index] = drawCard(tx, draw.card.id, draw.amount))),
    () =>
      tx.insert(giftCardTransaction).values(
        draws.map((draw) => ({
          id: generateId('gct'),
          gift_card_id: draw.card.id,
          order_id: orderId,
          amount: draw.amount,
          is_taxable: details.region.gift_cards_taxable,
          tax_rate: draw.card.tax_rate,
        })),
      ),
    () => tx.insert(orderGiftCards).values(draws.map((draw) => ({ order_id: orderId, gift_card_id: draw.card.id }))),
  ]
  const check = async () => {
    const answers = await Promise.all(taken)
    const short = draws.filter((_, index) => !answers[index]).map((draw) => draw.card.code)
    if (short.length > 0) {
      throw new NotAllowed(
        `Gift card ${short.join(', ')} no longer holds the balance this cart counted on: review the cart and complete it again`,
      )
    }
  }
  return { writes, check }
}

/** Takes `amount` off the card's balance if it still holds that much; answers whether it did. */
async function drawCard(tx: Db, id: string, amount: number): Promise<boolean> {
  const rows = await tx
    .update(giftCard)
    .set({ balance: sql`${giftCard.balance} - ${amount}` })
    .where(and(eq(giftCard.id, id), gte(giftCard.balance, amount)))
    .returning({ id: giftCard.id })
  return rows.length > 0
}

/**
 * The gift cards an order buys (its lines of gift-card products), issued in the order's transaction:
 * one card per unit, worth the line's unit price, in the order's region, with a fresh code and the
 * region's tax rate when its gift cards are taxable (v1). `gift_card.created` goes out for each.
 */
export function issuedGiftCardWrites(tx: Db, details: CartDetails, orderId: string) {
  const { region } = details
  const cards = details.items
    .filter((item) => item.is_giftcard)
    .flatMap((item) =>
      Array.from({ length: item.quantity }, () => ({
        id: generateId('gift'),
        code: generateGiftCardCode(),
        value: item.unit_price,
        balance: item.unit_price,
        region_id: region.id,
        order_id: orderId,
        tax_rate: region.gift_cards_taxable ? region.tax_rate : null,
        metadata: item.metadata,
      })),
    )
  if (cards.length === 0) return []
  return [
    () => tx.insert(giftCard).values(cards),
    ...cards.map((card) => () => emit(tx, GIFT_CARD_EVENTS.created, { id: card.id })),
  ]
}
