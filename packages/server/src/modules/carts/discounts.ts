import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import { product, productTags, productVariant } from '../catalog/schema.js'
import { customerGroupCustomer } from '../customers/schema.js'
import { normalizeCode } from '../promotions/discounts.js'
import {
  cartDiscounts,
  discount,
  discountCondition,
  discountConditionResource,
  discountRegions,
  discountRule,
} from '../promotions/schema.js'
import { lineItem, type cart } from './schema.js'
import { allocateDiscount, type DiscountRule } from './totals.js'

/**
 * Discounts on carts (v1 `applyDiscount`): which discounts a cart may take, which of its lines each
 * applies to, and the line adjustments they make. The adjustments of an open cart are computed
 * whenever it is read, from its discounts and its current lines, so they are never stale; they are
 * stored with the order when the cart completes.
 */

type DiscountRow = typeof discount.$inferSelect
type RuleRow = typeof discountRule.$inferSelect

/** A discount applied to a cart, its rule, and the ids of the cart's lines it applies to. */
export interface CartDiscount {
  discount: DiscountRow
  rule: RuleRow
  item_ids: string[]
  /** Whether the cart's customer passes the rule's customer-group conditions. */
  customer_ok: boolean
}

/**
 * Whether line `li` (its product `p`) passes every product condition of the rule `ruleId`: an `in`
 * condition lists the product (or its type, collection or one of its tags), a `not_in` one does not.
 */
const linePasses = (ruleId: SQL) => sql`NOT EXISTS (SELECT 1 FROM ${discountCondition} c
  WHERE c.discount_rule_id = ${ruleId} AND c.deleted_at IS NULL AND c.type <> 'customer_groups'
  AND (c.operator = 'in') <> EXISTS (SELECT 1 FROM ${discountConditionResource} x WHERE x.condition_id = c.id
    AND (x.resource_id = CASE c.type WHEN 'products' THEN p.id WHEN 'product_types' THEN p.type_id
      WHEN 'product_collections' THEN p.collection_id END
      OR (c.type = 'product_tags' AND x.resource_id IN
        (SELECT pt.product_tag_id FROM ${productTags} pt WHERE pt.product_id = p.id)))))`

/** Whether the customer `customerId` passes the rule's customer-group conditions. */
const customerPasses = (ruleId: SQL, customerId: SQL) => sql<boolean>`NOT EXISTS (SELECT 1 FROM ${discountCondition} c
  WHERE c.discount_rule_id = ${ruleId} AND c.deleted_at IS NULL AND c.type = 'customer_groups'
  AND (c.operator = 'in') <> EXISTS (SELECT 1 FROM ${discountConditionResource} x
    JOIN ${customerGroupCustomer} g ON g.customer_group_id = x.resource_id
    WHERE x.condition_id = c.id AND g.customer_id = ${customerId}))`

/** The discountable lines of the cart `cartId` that rule `ruleId` applies to, as a JSON array of ids. */
const eligibleItemIds = (cartId: SQL, ruleId: SQL) => sql<
  string[]
>`(SELECT coalesce(json_agg(li.id ORDER BY li.created_at, li.id), '[]'::json)
  FROM ${lineItem} li
  LEFT JOIN ${productVariant} pv ON pv.id = li.variant_id
  LEFT JOIN ${product} p ON p.id = pv.product_id
  WHERE li.cart_id = ${cartId} AND li.allow_discounts AND ${linePasses(ruleId)})`

/**
 * The discounts of a cart as JSON (a subquery of the whole-cart statement, `cartTable` its row):
 * each with its rule, the lines it applies to and whether the customer may use it.
 */
export const cartDiscountsJson = (cartTable: typeof cart) => sql<
  { discount: Record<string, unknown>; rule: Record<string, unknown>; item_ids: string[]; customer_ok: boolean }[]
>`(SELECT coalesce(json_agg(json_build_object(
    'discount', to_json(d), 'rule', to_json(r),
    'item_ids', ${eligibleItemIds(sql`${cartTable.id}`, sql`r.id`)},
    'customer_ok', ${customerPasses(sql`r.id`, sql`${cartTable.customer_id}`)}) ORDER BY d.code), '[]'::json)
  FROM ${cartDiscounts} cd JOIN ${discount} d ON d.id = cd.discount_id JOIN ${discountRule} r ON r.id = d.rule_id
  WHERE cd.cart_id = ${cartTable.id})`

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))

/** A discount as the whole-cart statement read it, its dates Dates again. */
export function cartDiscountOf(json: {
  discount: Record<string, unknown>
  rule: Record<string, unknown>
  item_ids: string[]
  customer_ok: boolean
}): CartDiscount {
  const row = json.discount
  const rule = json.rule
  return {
    discount: {
      ...(row as unknown as DiscountRow),
      starts_at: new Date(row.starts_at as string),
      ends_at: dateOf(row.ends_at),
      created_at: new Date(row.created_at as string),
      updated_at: new Date(row.updated_at as string),
      deleted_at: dateOf(row.deleted_at),
    },
    rule: {
      ...(rule as unknown as RuleRow),
      created_at: new Date(rule.created_at as string),
      updated_at: new Date(rule.updated_at as string),
      deleted_at: dateOf(rule.deleted_at),
    },
    item_ids: json.item_ids,
    customer_ok: json.customer_ok,
  }
}

/** What an adjustment row of a computed discount looks like (as stored when the cart completes). */
export interface ComputedAdjustment {
  id: string
  item_id: string
  description: string
  discount_id: string
  amount: string
  metadata: Record<string, unknown> | null
}

/**
 * The adjustments the cart's discounts make on its lines: each fixed or percentage discount is
 * allocated over the lines it applies to (`allocateDiscount`), in the order of the discounts' codes.
 * Free-shipping discounts make none: they zero the shipping instead.
 */
export function discountAdjustments(
  items: readonly { id: string; unit_price: number; quantity: number; allow_discounts: boolean }[],
  discounts: readonly CartDiscount[],
  currencyCode: string,
): ComputedAdjustment[] {
  const adjustments: ComputedAdjustment[] = []
  for (const entry of discounts) {
    if (entry.rule.type === 'free_shipping') continue
    const eligible = new Set(entry.item_ids)
    const lines = items.filter((item) => eligible.has(item.id) && item.allow_discounts)
    const rule: DiscountRule = {
      type: entry.rule.type,
      value: entry.rule.value,
      allocation: entry.rule.allocation ?? 'total',
    }
    const amounts = allocateDiscount(lines, rule, currencyCode)
    for (const line of lines) {
      const amount = amounts[line.id] ?? 0
      if (amount <= 0) continue
      adjustments.push({
        id: generateId('lia'),
        item_id: line.id,
        description: 'discount',
        discount_id: entry.discount.id,
        amount: String(amount),
        metadata: null,
      })
    }
  }
  return adjustments
}

/** Why a discount cannot be used now on a cart of this region and customer (v1's refusals), if it cannot. */
export function refusalOf(
  entry: CartDiscount,
  regionIds: readonly string[],
  regionId: string,
  now: Date,
): string | undefined {
  const { discount: row } = entry
  if (row.is_disabled) return `The discount code ${row.code} is disabled`
  if (row.starts_at > now) return `Discount ${row.code} is not valid yet`
  if (row.ends_at && row.ends_at <= now) return `Discount ${row.code} is expired`
  if (row.usage_limit !== null && row.usage_count >= row.usage_limit) {
    return `Discount ${row.code} has been used maximum allowed times`
  }
  if (!regionIds.includes(regionId)) return 'The discount is not available in current region'
  if (!entry.customer_ok) return `Discount ${row.code} is not valid for customer`
  if (entry.rule.type !== 'free_shipping' && entry.item_ids.length === 0) {
    return `Discount ${row.code} does not apply to any item of the cart: its conditions are not met`
  }
  return undefined
}

/**
 * `discounts: [{code}]` on `POST /store/carts/:id`, in the cart's transaction under its lock: every
 * code must exist and be usable on this cart now, at most one of them may be other than free
 * shipping, and they replace the cart's discounts (an empty list clears them). A refusal is a 400
 * naming the code, and the cart is left as it was.
 */
export async function setCartDiscounts(
  tx: Db,
  cartId: string,
  regionId: string,
  customerId: string | null,
  codes: readonly { code: string }[],
): Promise<void> {
  const normalized = [...new Set(codes.map((entry) => normalizeCode(entry.code)))]
  const found = normalized.length === 0 ? [] : await readDiscountsForCart(tx, cartId, customerId, normalized)
  for (const code of normalized) {
    if (!found.some((entry) => entry.discount.code === code))
      throw new NotFound(`Discount with code ${code} was not found`)
  }
  const now = new Date()
  for (const entry of found) {
    const refusal = refusalOf(entry, entry.regionIds, regionId, now)
    if (refusal) throw new NotAllowed(refusal)
  }
  if (found.filter((entry) => entry.rule.type !== 'free_shipping').length > 1) {
    throw new InvalidData('discounts: a cart takes one discount besides free shipping')
  }
  await tx.delete(cartDiscounts).where(eq(cartDiscounts.cart_id, cartId))
  if (found.length > 0) {
    await tx.insert(cartDiscounts).values(found.map((entry) => ({ cart_id: cartId, discount_id: entry.discount.id })))
  }
}

/** Live discounts by code with their rule, regions, the cart's lines they apply to and the customer check. */
async function readDiscountsForCart(
  tx: Db,
  cartId: string,
  customerId: string | null,
  codes: string[],
): Promise<(CartDiscount & { regionIds: string[] })[]> {
  const rows = await tx
    .select({
      discount,
      rule: discountRule,
      item_ids: eligibleItemIds(sql`${cartId}`, sql`${discountRule.id}`),
      customer_ok: customerPasses(sql`${discountRule.id}`, sql`${customerId}`),
      region_ids: sql<string[]>`(SELECT coalesce(json_agg(dr.region_id), '[]'::json) FROM ${discountRegions} dr
        WHERE dr.discount_id = ${discount.id})`,
    })
    .from(discount)
    .innerJoin(discountRule, eq(discountRule.id, discount.rule_id))
    .where(and(inArray(discount.code, codes), isNull(discount.deleted_at)))
  return rows.map((row) => ({
    discount: row.discount,
    rule: row.rule,
    item_ids: row.item_ids,
    customer_ok: row.customer_ok,
    regionIds: row.region_ids,
  }))
}

/** `DELETE /store/carts/:id/discounts/:code`: 404 when the cart has no discount of that code. */
export async function removeCartDiscount(tx: Db, cartId: string, code: string): Promise<void> {
  const removed = await tx
    .delete(cartDiscounts)
    .where(
      and(
        eq(cartDiscounts.cart_id, cartId),
        sql`${cartDiscounts.discount_id} IN (SELECT ${discount.id} FROM ${discount} WHERE ${discount.code} = ${normalizeCode(code)})`,
      ),
    )
    .returning({ id: cartDiscounts.discount_id })
  if (removed.length === 0) throw new NotFound(`Discount with code ${normalizeCode(code)} was not found on the cart`)
}

/**
 * Takes one use of each discount for an order, in the order's transaction: a conditional update,
 * so parallel completions serialize on the discount's row and no more orders than `usage_limit`
 * get it. Answers the codes that could not be taken (limit reached, disabled or expired since).
 */
export async function takeDiscountUsage(tx: Db, discounts: readonly CartDiscount[]): Promise<string[]> {
  if (discounts.length === 0) return []
  const ids = discounts.map((entry) => entry.discount.id)
  const taken = await tx
    .update(discount)
    .set({ usage_count: sql`${discount.usage_count} + 1` })
    .where(
      and(
        inArray(discount.id, ids),
        isNull(discount.deleted_at),
        eq(discount.is_disabled, false),
        sql`${discount.starts_at} <= now()`,
        sql`(${discount.ends_at} IS NULL OR ${discount.ends_at} > now())`,
        sql`(${discount.usage_limit} IS NULL OR ${discount.usage_count} < ${discount.usage_limit})`,
      ),
    )
    .returning({ id: discount.id })
  const done = new Set(taken.map((row) => row.id))
  return discounts.filter((entry) => !done.has(entry.discount.id)).map((entry) => entry.discount.code)
}
