import { eq } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import {
  image,
  moneyAmount,
  product,
  productCategory,
  productCategoryProduct,
  productCollection,
  productImages,
  productOption,
  productOptionValue,
  productSalesChannel,
  productTag,
  productTags,
  productType,
  productVariant,
  type ProductStatus,
} from '../../modules/catalog/schema.js'

let counter = 0
const next = () => {
  counter += 1
  return `${counter}-${Math.random().toString(36).slice(2, 8)}`
}

export interface PriceFixture {
  amount: number
  currency_code?: string
  region_id?: string | null
  min_quantity?: number | null
  max_quantity?: number | null
  price_list_id?: string | null
}

export interface VariantFixture {
  title?: string
  sku?: string | null
  inventory_quantity?: number
  manage_inventory?: boolean
  allow_backorder?: boolean
  /** Values positional to the product's `options`. */
  options?: string[]
  /** Defaults to one price of 1000 usd. */
  prices?: PriceFixture[]
  metadata?: Record<string, unknown> | null
}

export interface ProductOverrides {
  title?: string
  handle?: string
  /** Defaults to `published`, so storefront tests see the product. */
  status?: ProductStatus
  subtitle?: string | null
  description?: string | null
  is_giftcard?: boolean
  discountable?: boolean
  thumbnail?: string | null
  collection_id?: string | null
  type_id?: string | null
  metadata?: Record<string, unknown> | null
  created_at?: Date
  /** Tag values, created (or reused) by value. */
  tags?: string[]
  images?: string[]
  /** Option titles. */
  options?: string[]
  /** Defaults to one variant with one usd price. */
  variants?: VariantFixture[]
  sales_channel_ids?: string[]
  category_ids?: string[]
}

type ProductRow = typeof product.$inferSelect
type VariantRow = typeof productVariant.$inferSelect
type OptionRow = typeof productOption.$inferSelect

export type ProductFixture = ProductRow & {
  options: OptionRow[]
  variants: (VariantRow & {
    prices: (typeof moneyAmount.$inferSelect)[]
    options: (typeof productOptionValue.$inferSelect)[]
  })[]
}

/** A product written straight to the database, with options, variants (with prices) and links. */
export async function makeProduct(db: Db, overrides: ProductOverrides = {}): Promise<ProductFixture> {
  const suffix = next()
  const [row] = await db
    .insert(product)
    .values({
      id: generateId('prod'),
      title: overrides.title ?? `Product ${suffix}`,
      handle: overrides.handle ?? `product-${suffix}`,
      status: overrides.status ?? 'published',
      subtitle: overrides.subtitle ?? null,
      description: overrides.description ?? null,
      is_giftcard: overrides.is_giftcard ?? false,
      discountable: overrides.discountable ?? true,
      thumbnail: overrides.thumbnail ?? overrides.images?.[0] ?? null,
      collection_id: overrides.collection_id ?? null,
      type_id: overrides.type_id ?? null,
      metadata: overrides.metadata ?? null,
      created_at: overrides.created_at,
    })
    .returning()

  const options = (overrides.options ?? []).map((title) => ({ id: generateId('opt'), title, product_id: row.id }))
  const optionRows = options.length > 0 ? await db.insert(productOption).values(options).returning() : []

  const variantInputs = overrides.variants ?? [{}]
  const variants: ProductFixture['variants'] = []
  for (const [index, input] of variantInputs.entries()) {
    const [variant] = await db
      .insert(productVariant)
      .values({
        id: generateId('variant'),
        product_id: row.id,
        title: input.title ?? `Variant ${index + 1}`,
        sku: input.sku === undefined ? `SKU-${suffix}-${index}` : input.sku,
        inventory_quantity: input.inventory_quantity ?? 10,
        manage_inventory: input.manage_inventory ?? true,
        allow_backorder: input.allow_backorder ?? false,
        variant_rank: index,
        metadata: input.metadata ?? null,
      })
      .returning()
    const prices = input.prices ?? [{ amount: 1000, currency_code: 'usd' }]
    const priceRows =
      prices.length > 0
        ? await db
            .insert(moneyAmount)
            .values(
              prices.map((price) => ({
                id: generateId('ma'),
                variant_id: variant.id,
                amount: price.amount,
                currency_code: price.currency_code ?? 'usd',
                region_id: price.region_id ?? null,
                min_quantity: price.min_quantity ?? null,
                max_quantity: price.max_quantity ?? null,
                price_list_id: price.price_list_id ?? null,
              })),
            )
            .returning()
        : []
    const values = (input.options ?? []).map((value, position) => ({
      id: generateId('optval'),
      option_id: optionRows[position].id,
      variant_id: variant.id,
      value,
    }))
    const valueRows = values.length > 0 ? await db.insert(productOptionValue).values(values).returning() : []
    variants.push({ ...variant, prices: priceRows, options: valueRows })
  }

  if (overrides.tags?.length) {
    const tags = await Promise.all(overrides.tags.map((value) => makeProductTag(db, value)))
    await db.insert(productTags).values(tags.map((tag) => ({ product_id: row.id, product_tag_id: tag.id })))
  }
  if (overrides.images?.length) {
    const images = await db
      .insert(image)
      .values(overrides.images.map((url) => ({ id: generateId('img'), url })))
      .returning()
    await db.insert(productImages).values(images.map((img, rank) => ({ product_id: row.id, image_id: img.id, rank })))
  }
  if (overrides.sales_channel_ids?.length) {
    await db.insert(productSalesChannel).values(
      overrides.sales_channel_ids.map((channelId) => ({
        id: generateId('prodsc'),
        product_id: row.id,
        sales_channel_id: channelId,
      })),
    )
  }
  if (overrides.category_ids?.length) {
    await db
      .insert(productCategoryProduct)
      .values(overrides.category_ids.map((id) => ({ product_category_id: id, product_id: row.id })))
  }
  return { ...row, options: optionRows, variants }
}

/** The live tag with this value, created when missing. */
export async function makeProductTag(db: Db, value = `tag-${next()}`) {
  const [created] = await db
    .insert(productTag)
    .values({ id: generateId('ptag'), value })
    .onConflictDoNothing()
    .returning()
  if (created) return created
  const [existing] = await db.select().from(productTag).where(eq(productTag.value, value))
  return existing
}

export async function makeProductType(db: Db, value = `type-${next()}`) {
  const [row] = await db
    .insert(productType)
    .values({ id: generateId('ptyp'), value })
    .returning()
  return row
}

export async function makeCollection(
  db: Db,
  overrides: Partial<{ title: string; handle: string | null; metadata: Record<string, unknown> | null }> = {},
) {
  const suffix = next()
  const [row] = await db
    .insert(productCollection)
    .values({
      id: generateId('pcol'),
      title: overrides.title ?? `Collection ${suffix}`,
      handle: overrides.handle === undefined ? `collection-${suffix}` : overrides.handle,
      metadata: overrides.metadata ?? null,
    })
    .returning()
  return row
}

export async function makeCategory(
  db: Db,
  overrides: Partial<{
    name: string
    handle: string
    description: string
    is_active: boolean
    is_internal: boolean
    parent_category_id: string | null
    rank: number
  }> = {},
) {
  const suffix = next()
  const [row] = await db
    .insert(productCategory)
    .values({
      id: generateId('pcat'),
      name: overrides.name ?? `Category ${suffix}`,
      handle: overrides.handle ?? `category-${suffix}`,
      description: overrides.description ?? '',
      is_active: overrides.is_active ?? true,
      is_internal: overrides.is_internal ?? false,
      parent_category_id: overrides.parent_category_id ?? null,
      rank: overrides.rank ?? 0,
    })
    .returning()
  return row
}
