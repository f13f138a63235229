import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { groupBy } from '../../../db/group-rows.js'
import type { Db } from '../../../db/types.js'
import { productVariant } from '../../catalog/schema.js'
import { lineItem, shippingMethod } from '../../carts/schema.js'
import { address } from '../../customers/schema.js'
import {
  claimImage,
  claimItem,
  claimItemTags,
  claimOrder,
  claimTag,
  fulfillment,
  fulfillmentItem,
  orderReturn,
  returnItem,
  trackingLink,
} from '../schema.js'

/**
 * The claims of a page of orders with every relation the admin order answer names
 * (`claims.claim_items.images`, `.tags`, `.item`, `claims.additional_items.variant`,
 * `claims.fulfillments.tracking_links`, `claims.shipping_methods`, `claims.shipping_address`), in a
 * fixed number of reads whatever the number of orders and claims.
 */
export async function loadOrderClaims(db: Db, orderIds: readonly string[]): Promise<Map<string, unknown[]>> {
  if (orderIds.length === 0) return new Map()
  const claims = await db
    .select()
    .from(claimOrder)
    .where(and(inArray(claimOrder.order_id, [...orderIds]), isNull(claimOrder.deleted_at)))
    .orderBy(asc(claimOrder.created_at), asc(claimOrder.id))
  if (claims.length === 0) return new Map()
  const claimIds = claims.map((claim) => claim.id)
  const addressIds = claims.flatMap((claim) => (claim.shipping_address_id ? [claim.shipping_address_id] : []))
  const [items, additional, fulfillments, methods, addresses, returns] = await Promise.all([
    db
      .select()
      .from(claimItem)
      .where(and(inArray(claimItem.claim_order_id, claimIds), isNull(claimItem.deleted_at)))
      .orderBy(asc(claimItem.created_at), asc(claimItem.id)),
    db
      .select()
      .from(lineItem)
      .where(inArray(lineItem.claim_order_id, claimIds))
      .orderBy(asc(lineItem.created_at), asc(lineItem.id)),
    db
      .select()
      .from(fulfillment)
      .where(inArray(fulfillment.claim_order_id, claimIds))
      .orderBy(asc(fulfillment.created_at), asc(fulfillment.id)),
    db
      .select()
      .from(shippingMethod)
      .where(inArray(shippingMethod.claim_order_id, claimIds))
      .orderBy(asc(shippingMethod.id)),
    addressIds.length ? db.select().from(address).where(inArray(address.id, addressIds)) : [],
    db.select().from(orderReturn).where(inArray(orderReturn.claim_order_id, claimIds)),
  ])
  const itemIds = items.map((item) => item.id)
  const claimedLineIds = [...new Set(items.map((item) => item.item_id))]
  const fulfillmentIds = fulfillments.map((row) => row.id)
  const variantIds = [...new Set(additional.flatMap((line) => (line.variant_id ? [line.variant_id] : [])))]
  const returnIds = returns.map((row) => row.id)
  const [images, tags, claimedLines, links, fulfilled, variants, returned] = await Promise.all([
    itemIds.length
      ? db
          .select()
          .from(claimImage)
          .where(and(inArray(claimImage.claim_item_id, itemIds), isNull(claimImage.deleted_at)))
          .orderBy(asc(claimImage.created_at))
      : [],
    itemIds.length
      ? db
          .select({ item_id: claimItemTags.item_id, tag: claimTag })
          .from(claimItemTags)
          .innerJoin(claimTag, eq(claimTag.id, claimItemTags.tag_id))
          .where(inArray(claimItemTags.item_id, itemIds))
      : [],
    claimedLineIds.length ? db.select().from(lineItem).where(inArray(lineItem.id, claimedLineIds)) : [],
    fulfillmentIds.length
      ? db
          .select()
          .from(trackingLink)
          .where(and(inArray(trackingLink.fulfillment_id, fulfillmentIds), isNull(trackingLink.deleted_at)))
      : [],
    fulfillmentIds.length
      ? db.select().from(fulfillmentItem).where(inArray(fulfillmentItem.fulfillment_id, fulfillmentIds))
      : [],
    variantIds.length ? db.select().from(productVariant).where(inArray(productVariant.id, variantIds)) : [],
    returnIds.length ? db.select().from(returnItem).where(inArray(returnItem.return_id, returnIds)) : [],
  ])
  const returnItemsOf = groupBy(returned, (row) => row.return_id)
  const returnOf = new Map(
    returns.map((row) => [row.claim_order_id, { ...row, items: returnItemsOf.get(row.id) ?? [] }]),
  )
  const imagesOf = groupBy(images, (image) => image.claim_item_id)
  const tagsOf = groupBy(tags, (row) => row.item_id)
  const lineOf = new Map(claimedLines.map((line) => [line.id, line]))
  const linksOf = groupBy(links, (link) => link.fulfillment_id)
  const fulfilledOf = groupBy(fulfilled, (row) => row.fulfillment_id)
  const variantOf = new Map(variants.map((variant) => [variant.id, variant]))
  const itemsOf = groupBy(items, (item) => item.claim_order_id)
  const additionalOf = groupBy(additional, (line) => line.claim_order_id)
  const fulfillmentsOf = groupBy(fulfillments, (row) => row.claim_order_id)
  const methodsOf = groupBy(methods, (method) => method.claim_order_id)
  const addressOf = new Map(addresses.map((row) => [row.id, row]))

  const views = claims.map((claim) => ({
    ...claim,
    claim_items: (itemsOf.get(claim.id) ?? []).map((item) => ({
      ...item,
      images: imagesOf.get(item.id) ?? [],
      tags: (tagsOf.get(item.id) ?? []).map((row) => row.tag),
      item: lineOf.get(item.item_id) ?? null,
    })),
    additional_items: (additionalOf.get(claim.id) ?? []).map((line) => ({
      ...line,
      variant: line.variant_id ? (variantOf.get(line.variant_id) ?? null) : null,
    })),
    fulfillments: (fulfillmentsOf.get(claim.id) ?? []).map((row) => ({
      ...row,
      items: fulfilledOf.get(row.id) ?? [],
      tracking_links: linksOf.get(row.id) ?? [],
    })),
    shipping_methods: methodsOf.get(claim.id) ?? [],
    shipping_address: claim.shipping_address_id ? (addressOf.get(claim.shipping_address_id) ?? null) : null,
    return_order: returnOf.get(claim.id) ?? null,
  }))
  return groupBy(views, (view) => view.order_id)
}
