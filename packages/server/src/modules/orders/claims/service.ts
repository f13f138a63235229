import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { InvalidData, NotAllowed, NotFound } from '../../../core/errors.js'
import { generateId } from '../../../db/ids.js'
import { mergedMetadata } from '../../../db/metadata.js'
import type { Db } from '../../../db/types.js'
import { emit } from '../../../events/outbox.js'
import { lineItem, lineItemTaxLine, shippingMethod } from '../../carts/schema.js'
import { computeTotals } from '../../carts/totals.js'
import { loadCartVariants, requireUnitPrice, requireVariants } from '../../carts/variants.js'
import { createAddress } from '../../customers/addresses.js'
import { region } from '../../regions/schema.js'
import { shippingOption } from '../../shipping/schema.js'
import { currency } from '../../store/schema.js'
import { computeTaxLines } from '../../tax/system-provider.js'
import { withOrderOperation, type OrderEnv } from '../admin/operations.js'
import { giveBackLines, holdLines } from '../line-stock.js'
import { requireOrder } from '../admin/service.js'
import { CLAIM_EVENTS } from '../events.js'
import { refundHeldOrder } from '../payments/service.js'
import { createReturn, type CreateReturnInput } from '../returns/service.js'
import { claimImage, claimItem, claimItemTags, claimOrder, claimTag, orderReturn } from '../schema.js'
import type {
  AdminPostOrdersOrderClaimsClaimReq,
  AdminPostOrdersOrderClaimsReq,
  ClaimShippingMethodInput,
} from './contract.js'

type LineRow = typeof lineItem.$inferSelect
type OrderRow = Awaited<ReturnType<typeof requireOrder>>
export type ClaimRow = typeof claimOrder.$inferSelect

/** The claim of this order, or a 404 naming both. */
export async function requireClaim(db: Db, orderId: string, claimId: string, lock = false): Promise<ClaimRow> {
  const query = db
    .select()
    .from(claimOrder)
    .where(and(eq(claimOrder.id, claimId), isNull(claimOrder.deleted_at)))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row || row.order_id !== orderId) throw new NotFound(`Claim with id ${claimId} was not found on order ${orderId}`)
  return row
}

const orderLines = (db: Db, orderId: string) =>
  db.select().from(lineItem).where(eq(lineItem.order_id, orderId)).orderBy(asc(lineItem.created_at), asc(lineItem.id))

/** Units of each line already claimed by the order's claims that are not canceled. */
async function claimedUnits(db: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ item_id: claimItem.item_id, quantity: sql<number>`sum(${claimItem.quantity})::int` })
    .from(claimItem)
    .innerJoin(claimOrder, eq(claimOrder.id, claimItem.claim_order_id))
    .where(and(eq(claimOrder.order_id, orderId), isNull(claimOrder.canceled_at), isNull(claimItem.deleted_at)))
    .groupBy(claimItem.item_id)
  return new Map(rows.map((row) => [row.item_id, row.quantity]))
}

/** Each claimed line is the order's, and no more of it is claimed than was fulfilled and not claimed yet. */
async function plannedClaimItems(
  db: Db,
  orderId: string,
  lines: readonly LineRow[],
  input: AdminPostOrdersOrderClaimsReq,
) {
  const claimed = await claimedUnits(db, orderId)
  const asked = new Map<string, number>()
  for (const item of input.claim_items) asked.set(item.item_id, (asked.get(item.item_id) ?? 0) + item.quantity)
  for (const [itemId, quantity] of asked) {
    const line = lines.find((candidate) => candidate.id === itemId)
    if (!line) throw new InvalidData(`claim_items: item ${itemId} is not a line of this order`)
    const claimable = (line.fulfilled_quantity ?? 0) - (claimed.get(itemId) ?? 0)
    if (quantity > claimable) {
      throw new NotAllowed(`claim_items: cannot claim more of item ${itemId} than has been fulfilled (${claimable})`)
    }
  }
  return input.claim_items.map((item) => ({ ...item, line: lines.find((line) => line.id === item.item_id)! }))
}

/** What the claimed units cost the customer, tax included, from the order's line totals. */
async function claimedValue(
  db: Db,
  row: OrderRow,
  lines: readonly LineRow[],
  items: { line: LineRow; quantity: number }[],
): Promise<number> {
  const ids = lines.map((line) => line.id)
  const [taxLines, regionRow] = await Promise.all([
    ids.length ? db.select().from(lineItemTaxLine).where(inArray(lineItemTaxLine.item_id, ids)) : [],
    db.select().from(region).where(eq(region.id, row.region_id)),
  ])
  const totals = computeTotals({
    currency_code: row.currency_code,
    region: { gift_cards_taxable: regionRow[0]?.gift_cards_taxable ?? true, tax_rate: row.tax_rate ?? 0 },
    items: lines.map((line) => ({
      id: line.id,
      unit_price: line.unit_price,
      quantity: line.quantity,
      includes_tax: line.includes_tax,
      tax_lines: taxLines.filter((tax) => tax.item_id === line.id),
      adjustments: [],
    })),
    shipping_methods: [],
    gift_cards: [],
    kind: 'order',
  })
  return items.reduce(
    (sum, { line, quantity }) => sum + Math.round((totals.items[line.id].total * quantity) / line.quantity),
    0,
  )
}

/** Replacement lines priced in the order's region, with their tax lines; written by the caller (claims, swaps). */
export async function plannedAdditionalItems(
  db: Db,
  env: OrderEnv,
  row: OrderRow,
  input: Pick<AdminPostOrdersOrderClaimsReq, 'additional_items'>,
) {
  const wanted = input.additional_items ?? []
  if (wanted.length === 0) return { lines: [], taxLines: [] }
  const variants = await loadCartVariants(
    db,
    wanted.map((item) => item.variant_id),
  )
  requireVariants(
    variants,
    wanted.map((item) => item.variant_id),
  )
  const [pricing] = await db
    .select({ region, currency_includes_tax: currency.includes_tax })
    .from(region)
    .innerJoin(currency, eq(currency.code, region.currency_code))
    .where(eq(region.id, row.region_id))
  if (!pricing) throw NotFound.entity('Region', row.region_id)
  const flags = {
    tax_inclusive_pricing: env.flags.tax_inclusive_pricing ?? false,
    sales_channels: env.flags.sales_channels ?? true,
  }
  const lines = wanted.map((item) => {
    const entry = variants.get(item.variant_id)!
    return {
      id: generateId('item'),
      title: entry.product.title,
      description: entry.variant.title,
      thumbnail: entry.product.thumbnail,
      is_giftcard: entry.product.is_giftcard,
      allow_discounts: entry.product.discountable,
      has_shipping: true,
      variant_id: entry.variant.id,
      quantity: item.quantity,
      ...requireUnitPrice(
        entry,
        { ...pricing.region, currency_includes_tax: pricing.currency_includes_tax },
        item.quantity,
        flags,
      ),
      product: entry.product,
    }
  })
  const taxes = await computeTaxLines(db, {
    region: { id: row.region_id, tax_rate: pricing.region.tax_rate },
    items: lines.map((line) => ({ id: line.id, product_id: line.product.id, product_type_id: line.product.type_id })),
    shipping_methods: [],
  })
  return { lines, taxLines: taxes.items }
}

/** Shipping methods of options of the order's region, at the given price or the option's. */
export async function plannedShippingMethods(db: Db, row: OrderRow, methods: readonly ClaimShippingMethodInput[]) {
  const fromOptions = methods.filter((method) => !method.id)
  if (fromOptions.some((method) => !method.option_id)) {
    throw new InvalidData('shipping_methods: each new shipping method needs an option_id')
  }
  const optionIds = fromOptions.map((method) => method.option_id!)
  const options = optionIds.length
    ? await db
        .select()
        .from(shippingOption)
        .where(and(inArray(shippingOption.id, optionIds), isNull(shippingOption.deleted_at)))
    : []
  return fromOptions.map((method) => {
    const option = options.find((candidate) => candidate.id === method.option_id)
    if (!option || option.region_id !== row.region_id) {
      throw new InvalidData(`shipping_methods: option ${method.option_id} is not an option of the order's region`)
    }
    return {
      id: generateId('sm'),
      shipping_option_id: option.id,
      price: method.price ?? option.amount ?? 0,
      data: method.data ?? {},
    }
  })
}

/** One row per tag value (trimmed, lower-cased), created when new. */
async function tagIds(tx: Db, values: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(values.map((value) => value.trim().toLowerCase()).filter(Boolean))]
  if (wanted.length === 0) return new Map()
  await tx
    .insert(claimTag)
    .values(wanted.map((value) => ({ id: generateId('ctag'), value })))
    .onConflictDoNothing()
  const rows = await tx
    .select({ id: claimTag.id, value: claimTag.value })
    .from(claimTag)
    .where(and(inArray(claimTag.value, wanted), isNull(claimTag.deleted_at)))
  return new Map(rows.map((row) => [row.value, row.id]))
}

async function tagItems(tx: Db, entries: { itemId: string; values: readonly string[] }[]) {
  const ids = await tagIds(
    tx,
    entries.flatMap((entry) => entry.values),
  )
  const links = entries.flatMap((entry) =>
    [
      ...new Set(entry.values.map((value) => ids.get(value.trim().toLowerCase())).filter((id): id is string => !!id)),
    ].map((tagId) => ({ item_id: entry.itemId, tag_id: tagId })),
  )
  if (links.length) await tx.insert(claimItemTags).values(links).onConflictDoNothing()
}

/** The return of the claimed items when return shipping is given; the claim handles any refund. */
function claimReturn(
  claimId: string,
  input: AdminPostOrdersOrderClaimsReq,
  orderNoNotification: boolean | null,
): CreateReturnInput | undefined {
  if (!input.return_shipping?.option_id) return undefined
  return {
    items: input.claim_items.map((item) => ({ item_id: item.item_id, quantity: item.quantity, note: item.note })),
    return_shipping: { option_id: input.return_shipping.option_id, price: input.return_shipping.price },
    refund: 0,
    location_id: input.return_location_id,
    claim_order_id: claimId,
    no_notification: input.no_notification ?? orderNoNotification,
  }
}

const ROLLED_BACK = Symbol('rolled back')

/** Runs `work`'s checks in a transaction that is always rolled back: its refusal, or nothing. */
export async function dryRun(db: Db, work: (tx: Db) => Promise<unknown>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await work(tx)
      throw ROLLED_BACK
    })
  } catch (error) {
    if (error !== ROLLED_BACK) throw error
  }
}

/**
 * `POST /admin/orders/:id/claims`. Everything is checked first; under the order's operation claim,
 * a refund claim's refund goes to the payment providers outside any transaction, and the claim (with
 * its return, when return shipping is given) is written in the transaction that records the
 * refund: a provider's refusal leaves the order and its claims exactly as they were.
 */
export async function createClaim(
  db: Db,
  env: OrderEnv,
  orderId: string,
  input: AdminPostOrdersOrderClaimsReq,
): Promise<void> {
  await withOrderOperation(db, orderId, 'claim', async () => {
    const row = await requireOrder(db, orderId)
    if (row.status === 'canceled') throw new NotAllowed('Cannot create a claim on a canceled order')
    if (input.type === 'refund' && input.additional_items?.length) {
      throw new InvalidData('additional_items: claims with type refund cannot have additional items')
    }
    if (input.return_shipping && !input.return_shipping.option_id) {
      throw new InvalidData('return_shipping.option_id: a return needs a return shipping option')
    }
    const lines = await orderLines(db, orderId)
    const items = await plannedClaimItems(db, orderId, lines, input)
    const additional =
      input.type === 'replace' ? await plannedAdditionalItems(db, env, row, input) : { lines: [], taxLines: [] }
    const methods = input.type === 'replace' ? await plannedShippingMethods(db, row, input.shipping_methods ?? []) : []
    const refundAmount =
      input.type === 'refund' ? (input.refund_amount ?? (await claimedValue(db, row, lines, items))) : null

    const id = generateId('claim')
    const returnOf = claimReturn(id, input, row.no_notification)
    // The return's checks, run and rolled back before any provider is called (see `dryRun`).
    if (returnOf) await dryRun(db, (tx) => createReturn(tx, orderId, returnOf))
    const write = async (tx: Db) => {
      const shippingAddressId = input.shipping_address
        ? (await createAddress(tx, null, input.shipping_address)).id
        : row.shipping_address_id
      await tx.insert(claimOrder).values({
        id,
        type: input.type,
        order_id: orderId,
        payment_status: input.type === 'refund' ? (refundAmount ? 'refunded' : 'not_refunded') : 'na',
        shipping_address_id: shippingAddressId,
        refund_amount: refundAmount,
        no_notification: input.no_notification ?? null,
        metadata: input.metadata ?? null,
      })
      const itemRows = items.map((item) => ({
        id: generateId('citm'),
        claim_order_id: id,
        item_id: item.item_id,
        variant_id: item.line.variant_id,
        reason: item.reason ?? 'other',
        note: item.note ?? null,
        quantity: item.quantity,
      }))
      await tx.insert(claimItem).values(itemRows)
      const images = items.flatMap((item, index) =>
        (item.images ?? []).map((url) => ({ id: generateId('cimg'), claim_item_id: itemRows[index].id, url })),
      )
      if (images.length) await tx.insert(claimImage).values(images)
      await tagItems(
        tx,
        items.map((item, index) => ({ itemId: itemRows[index].id, values: item.tags ?? [] })),
      )
      if (additional.lines.length) {
        await tx
          .insert(lineItem)
          .values(additional.lines.map(({ product: _product, ...line }) => ({ ...line, claim_order_id: id })))
        if (additional.taxLines.length) {
          await tx
            .insert(lineItemTaxLine)
            .values(additional.taxLines.map((tax) => ({ ...tax, id: generateId('litl') })))
        }
        await holdLines(tx, env.flags, additional.lines, row.sales_channel_id, 'additional_items')
      }
      if (methods.length)
        await tx.insert(shippingMethod).values(methods.map((method) => ({ ...method, claim_order_id: id })))
      if (returnOf) await createReturn(tx, orderId, returnOf)
      const noNotification = input.no_notification ?? row.no_notification
      await emit(tx, CLAIM_EVENTS.created, { id, order_id: orderId, no_notification: noNotification })
      if (refundAmount) await emit(tx, CLAIM_EVENTS.refundProcessed, { id, no_notification: noNotification })
    }
    if (refundAmount) {
      await refundHeldOrder(
        db,
        env,
        orderId,
        { amount: refundAmount, reason: 'claim', no_notification: input.no_notification },
        write,
      )
    } else {
      await db.transaction(write)
    }
  })
}

/** `POST /admin/orders/:id/claims/:claim_id`: notes, reasons, images, tags, shipping methods, metadata. */
export async function updateClaim(
  db: Db,
  orderId: string,
  claimId: string,
  input: AdminPostOrdersOrderClaimsClaimReq,
): Promise<void> {
  const target = await requireOrder(db, orderId)
  const methods = await plannedShippingMethods(db, target, input.shipping_methods ?? [])
  await db.transaction(async (tx) => {
    const row = await requireClaim(tx, orderId, claimId, true)
    if (row.canceled_at) throw new NotAllowed('Canceled claims cannot be updated')
    const now = new Date()
    for (const entry of input.claim_items ?? []) {
      const [item] = await tx
        .select()
        .from(claimItem)
        .where(and(eq(claimItem.id, entry.id), eq(claimItem.claim_order_id, claimId), isNull(claimItem.deleted_at)))
      if (!item) throw new InvalidData(`claim_items: item ${entry.id} is not an item of this claim`)
      await tx
        .update(claimItem)
        .set({
          ...(entry.note !== undefined ? { note: entry.note } : {}),
          ...(entry.reason !== undefined ? { reason: entry.reason } : {}),
          ...(entry.metadata !== undefined ? { metadata: mergedMetadata(claimItem.metadata, entry.metadata) } : {}),
          updated_at: now,
        })
        .where(eq(claimItem.id, item.id))
      if (entry.images) {
        // The images listed by id stay, those listed by url are added, the others go.
        const kept = entry.images.flatMap((image) => (image.id ? [image.id] : []))
        await tx
          .update(claimImage)
          .set({ deleted_at: now })
          .where(
            and(
              eq(claimImage.claim_item_id, item.id),
              isNull(claimImage.deleted_at),
              kept.length ? sql`${claimImage.id} <> ALL(${kept})` : undefined,
            ),
          )
        const added = entry.images.filter((image) => !image.id && image.url)
        if (added.length) {
          await tx
            .insert(claimImage)
            .values(added.map((image) => ({ id: generateId('cimg'), claim_item_id: item.id, url: image.url! })))
        }
      }
      if (entry.tags) {
        const known = entry.tags.flatMap((tag) => (tag.id ? [tag.id] : []))
        const knownValues = known.length
          ? await tx.select({ value: claimTag.value }).from(claimTag).where(inArray(claimTag.id, known))
          : []
        await tx.delete(claimItemTags).where(eq(claimItemTags.item_id, item.id))
        await tagItems(tx, [
          {
            itemId: item.id,
            values: [
              ...knownValues.map((tag) => tag.value),
              ...entry.tags.flatMap((tag) => (!tag.id && tag.value ? [tag.value] : [])),
            ],
          },
        ])
      }
    }
    if (methods.length)
      await tx.insert(shippingMethod).values(methods.map((method) => ({ ...method, claim_order_id: claimId })))
    await tx
      .update(claimOrder)
      .set({
        ...(input.no_notification !== undefined ? { no_notification: input.no_notification } : {}),
        ...(input.metadata !== undefined ? { metadata: mergedMetadata(claimOrder.metadata, input.metadata) } : {}),
        updated_at: now,
      })
      .where(eq(claimOrder.id, claimId))
    await emit(tx, CLAIM_EVENTS.updated, { id: claimId, no_notification: input.no_notification ?? row.no_notification })
  })
}

/** `POST …/claims/:claim_id/cancel`: not once refunded, nor while a fulfilment or a return of it stands. */
export async function cancelClaim(
  db: Db,
  env: OrderEnv,
  orderId: string,
  claimId: string,
  liveFulfillments: (tx: Db) => Promise<number>,
) {
  await db.transaction(async (tx) => {
    const row = await requireClaim(tx, orderId, claimId, true)
    if (row.canceled_at) throw new NotAllowed('Claim has already been canceled')
    if (row.payment_status === 'refunded') throw new NotAllowed('Claim with a refund cannot be canceled')
    if ((await liveFulfillments(tx)) > 0) {
      throw new NotAllowed('All fulfillments must be canceled before the claim can be canceled')
    }
    const [openReturn] = await tx
      .select({ id: orderReturn.id })
      .from(orderReturn)
      .where(and(eq(orderReturn.claim_order_id, claimId), sql`${orderReturn.status} <> 'canceled'`))
      .limit(1)
    if (openReturn) throw new NotAllowed('All returns must be canceled before the claim can be canceled')
    const now = new Date()
    await tx
      .update(claimOrder)
      .set({ fulfillment_status: 'canceled', canceled_at: now, updated_at: now })
      .where(eq(claimOrder.id, claimId))
    await giveBackLines(tx, env.flags, await claimLines(tx, claimId))
    await emit(tx, CLAIM_EVENTS.canceled, { id: claimId, no_notification: row.no_notification })
  })
}

/** The replacement lines of a claim. */
export const claimLines = (db: Db, claimId: string) =>
  db
    .select()
    .from(lineItem)
    .where(eq(lineItem.claim_order_id, claimId))
    .orderBy(asc(lineItem.created_at), asc(lineItem.id))
