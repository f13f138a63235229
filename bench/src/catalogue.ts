import { toHandle } from '../../packages/server/src/modules/catalog/products/handles.js'
import type {
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
} from '../../packages/server/src/modules/catalog/schema.js'
import { createRandom, deterministicId } from './random.js'

// Rows are typed by the server's drizzle tables, so a renamed column breaks the type check here.
export type ProductRow = typeof product.$inferInsert
export type VariantRow = typeof productVariant.$inferInsert
export type OptionRow = typeof productOption.$inferInsert
export type OptionValueRow = typeof productOptionValue.$inferInsert
export type PriceRow = typeof moneyAmount.$inferInsert
export type ImageRow = typeof image.$inferInsert
export type ProductImageRow = typeof productImages.$inferInsert
export type ProductTagLinkRow = typeof productTags.$inferInsert
export type CategoryLinkRow = typeof productCategoryProduct.$inferInsert
export type SalesChannelLinkRow = typeof productSalesChannel.$inferInsert
export type CollectionRow = typeof productCollection.$inferInsert
export type TypeRow = typeof productType.$inferInsert
export type TagRow = typeof productTag.$inferInsert
export type CategoryRow = typeof productCategory.$inferInsert

const ADJECTIVES = [
  'Classic',
  'Modern',
  'Vintage',
  'Essential',
  'Premium',
  'Rugged',
  'Everyday',
  'Slim',
  'Relaxed',
  'Urban',
  'Coastal',
  'Alpine',
  'Heritage',
  'Studio',
  'Weekend',
  'Signature',
] as const
const MATERIALS = [
  'Cotton',
  'Linen',
  'Wool',
  'Leather',
  'Denim',
  'Canvas',
  'Silk',
  'Cashmere',
  'Bamboo',
  'Suede',
  'Fleece',
  'Merino',
] as const
const NOUNS = [
  'Jacket',
  'Shirt',
  'Sweater',
  'Hoodie',
  'Trousers',
  'Shorts',
  'Dress',
  'Skirt',
  'Scarf',
  'Beanie',
  'Backpack',
  'Tote',
  'Sneakers',
  'Boots',
  'Belt',
  'Socks',
] as const
const PHRASES = [
  'Cut for a comfortable fit that keeps its shape wash after wash.',
  'Made in small batches from responsibly sourced fibres.',
  'Reinforced seams and a soft finish for daily wear.',
  'Pairs easily with the rest of the collection.',
  'Designed to layer through every season.',
  'Garment-dyed for a lived-in colour from the first day.',
  'Finished by hand and checked piece by piece.',
  'Lightweight enough to pack, sturdy enough to last.',
] as const
const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const
const ORIGINS = ['us', 'pt', 'it', 'de', 'vn', 'in', 'tr'] as const

/** A word present in about one title in sixteen, for the search scenario. */
export const SEARCH_WORD = NOUNS[0].toLowerCase()

const COLLECTIONS = ['Spring Edit', 'Summer Essentials', 'Autumn Layers', 'Winter Warmth', 'Travel', 'Basics'] as const
const TYPES = ['Tops', 'Bottoms', 'Outerwear', 'Footwear', 'Accessories', 'Bags'] as const
const TAGS = [
  'new',
  'bestseller',
  'sale',
  'organic',
  'recycled',
  'limited',
  'unisex',
  'waterproof',
  'breathable',
  'handmade',
  'vegan',
  'gift',
  'classic',
  'outdoor',
  'office',
  'lounge',
  'sport',
  'travel',
  'summer',
  'winter',
  'spring',
  'autumn',
  'kids',
  'women',
  'men',
  'premium',
  'basics',
  'eco',
  'local',
  'exclusive',
] as const
/** Top-level categories, each with three children; products link to the children. */
const CATEGORIES = {
  Clothing: ['Shirts', 'Knitwear', 'Trousers'],
  Outerwear: ['Coats', 'Jackets', 'Rainwear'],
  Shoes: ['Sneakers', 'Boots', 'Sandals'],
  Bags: ['Backpacks', 'Totes', 'Travel Bags'],
  Accessories: ['Scarves', 'Hats', 'Belts'],
} as const

/** Generated rows start here, one minute apart, so the newest-first order is fixed. */
const EPOCH = Date.UTC(2024, 0, 1)
const createdAt = (minutes: number) => new Date(EPOCH + minutes * 60_000)

export interface Taxonomy {
  collections: CollectionRow[]
  types: TypeRow[]
  tags: TagRow[]
  /** Parents first, so one multi-row insert satisfies the parent foreign key. */
  categories: CategoryRow[]
}

/** Ids may be replaced by existing rows' ids (same value or handle) before products link to them. */
export function generateTaxonomy(seed: string): Taxonomy {
  const random = createRandom(seed, 'taxonomy')
  const at = createdAt(-1)
  const base = { created_at: at, updated_at: at }
  const categories: CategoryRow[] = []
  let rank = 0
  for (const [parent, children] of Object.entries(CATEGORIES)) {
    const parentId = deterministicId('pcat', at, random)
    categories.push({
      ...base,
      id: parentId,
      name: parent,
      handle: `bench-${toHandle(parent)}`,
      is_active: true,
      rank: rank++,
    })
    children.forEach((child, childRank) =>
      categories.push({
        ...base,
        id: deterministicId('pcat', at, random),
        name: child,
        handle: `bench-${toHandle(parent)}-${toHandle(child)}`,
        is_active: true,
        parent_category_id: parentId,
        rank: childRank,
      }),
    )
  }
  return {
    collections: COLLECTIONS.map((title) => ({
      ...base,
      id: deterministicId('pcol', at, random),
      title,
      handle: `bench-${toHandle(title)}`,
    })),
    types: TYPES.map((value) => ({ ...base, id: deterministicId('ptyp', at, random), value })),
    tags: TAGS.map((value) => ({ ...base, id: deterministicId('ptag', at, random), value })),
    categories,
  }
}

export interface ProductLinks {
  collectionIds: string[]
  typeIds: string[]
  tagIds: string[]
  /** Leaf categories only. */
  categoryIds: string[]
  salesChannelId: string
  /** The default shipping profile: a cart holding a product without one cannot be completed. */
  profileId: string
}

/** Every row one generated product needs; a batch concatenates them per table. */
export interface ProductRows {
  products: ProductRow[]
  images: ImageRow[]
  productImages: ProductImageRow[]
  options: OptionRow[]
  variants: VariantRow[]
  optionValues: OptionValueRow[]
  prices: PriceRow[]
  productTags: ProductTagLinkRow[]
  categoryLinks: CategoryLinkRow[]
  salesChannelLinks: SalesChannelLinkRow[]
}

export const emptyRows = (): ProductRows => ({
  products: [],
  images: [],
  productImages: [],
  options: [],
  variants: [],
  optionValues: [],
  prices: [],
  productTags: [],
  categoryLinks: [],
  salesChannelLinks: [],
})

/** Appends the rows of generated product number `index` to `into`. */
export function generateProduct(seed: string, index: number, links: ProductLinks, into: ProductRows): void {
  const random = createRandom(seed, 'product', index)
  const at = createdAt(index)
  const base = { created_at: at, updated_at: at }
  const noun = random.pick(NOUNS)
  const material = random.pick(MATERIALS)
  const title = `${random.pick(ADJECTIVES)} ${material} ${noun}`
  const handle = `${toHandle(title)}-${index}`
  const productId = deterministicId('prod', at, random)
  const imageUrls = [1, 2].map((n) => `https://images.emporium.test/bench/${handle}-${n}.jpg`)

  into.products.push({
    ...base,
    id: productId,
    title,
    subtitle: `${material} ${noun.toLowerCase()}`,
    description: random.sample(PHRASES, 3).join(' '),
    handle,
    status: 'published',
    thumbnail: imageUrls[0],
    weight: random.int(100, 2000),
    length: random.int(10, 80),
    height: random.int(2, 40),
    width: random.int(10, 60),
    origin_country: random.pick(ORIGINS),
    material: material.toLowerCase(),
    collection_id: random.pick(links.collectionIds),
    type_id: random.pick(links.typeIds),
    profile_id: links.profileId,
    metadata: { bench_index: index },
  })

  imageUrls.forEach((url, rank) => {
    const imageId = deterministicId('img', at, random)
    into.images.push({ ...base, id: imageId, url })
    into.productImages.push({ product_id: productId, image_id: imageId, rank })
  })

  const optionId = deterministicId('opt', at, random)
  into.options.push({ ...base, id: optionId, title: 'Size', product_id: productId })
  const basePrice = random.int(9, 199) * 100 - 1
  random.sample(SIZES, 3).forEach((size, rank) => {
    const variantId = deterministicId('variant', at, random)
    into.variants.push({
      ...base,
      id: variantId,
      title: size,
      product_id: productId,
      sku: `BENCH-${index}-${size}`,
      variant_rank: rank,
      inventory_quantity: random.int(0, 100),
      manage_inventory: true,
    })
    into.optionValues.push({
      ...base,
      id: deterministicId('optval', at, random),
      value: size,
      option_id: optionId,
      variant_id: variantId,
    })
    const usd = basePrice + rank * 500
    into.prices.push(
      { ...base, id: deterministicId('ma', at, random), currency_code: 'usd', amount: usd, variant_id: variantId },
      {
        ...base,
        id: deterministicId('ma', at, random),
        currency_code: 'eur',
        amount: Math.round((usd * 0.92) / 100) * 100 - 1,
        variant_id: variantId,
      },
    )
  })

  for (const tagId of random.sample(links.tagIds, random.int(2, 3))) {
    into.productTags.push({ product_id: productId, product_tag_id: tagId })
  }
  for (const categoryId of random.sample(links.categoryIds, random.int(1, 2))) {
    into.categoryLinks.push({ product_category_id: categoryId, product_id: productId })
  }
  into.salesChannelLinks.push({
    ...base,
    id: deterministicId('prodsc', at, random),
    product_id: productId,
    sales_channel_id: links.salesChannelId,
  })
}
