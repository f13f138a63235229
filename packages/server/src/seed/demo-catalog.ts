import type { ImageSpec } from './images.js'

/**
 * The demo store's catalogue as plain data: a dozen apparel and home products, each with options,
 * one variant per combination of option values, and a USD and a EUR price for every variant.
 */

export type CollectionKey = 'essentials' | 'home'
export type CategoryKey = 'clothing' | 'tops' | 'bottoms' | 'accessories' | 'home'

export interface DemoOption {
  title: string
  values: { value: string; code: string; usd?: number; eur?: number }[]
}

export interface DemoProduct {
  title: string
  handle: string
  subtitle: string
  description: string
  type: string
  tags: string[]
  collection?: CollectionKey
  categories: CategoryKey[]
  sku: string
  weight: number
  material?: string
  /** Base prices in minor units; an option value may add to them. */
  usd: number
  eur: number
  options: DemoOption[]
  /** One picture per entry; the first is the thumbnail. */
  images: Omit<ImageSpec, 'title'>[]
  is_giftcard?: boolean
  manage_inventory?: boolean
  allow_backorder?: boolean
}

export const DEMO_COLLECTIONS: Record<CollectionKey, { title: string; handle: string }> = {
  essentials: { title: 'Everyday Essentials', handle: 'everyday-essentials' },
  home: { title: 'Home & Desk', handle: 'home-and-desk' },
}

/** Parents come before their children. */
export const DEMO_CATEGORIES: { key: CategoryKey; name: string; handle: string; parent?: CategoryKey }[] = [
  { key: 'clothing', name: 'Clothing', handle: 'clothing' },
  { key: 'tops', name: 'Tops', handle: 'tops', parent: 'clothing' },
  { key: 'bottoms', name: 'Bottoms', handle: 'bottoms', parent: 'clothing' },
  { key: 'accessories', name: 'Accessories', handle: 'accessories' },
  { key: 'home', name: 'Home', handle: 'home' },
]

const SIZES: DemoOption = {
  title: 'Size',
  values: [
    { value: 'S', code: 'S' },
    { value: 'M', code: 'M' },
    { value: 'L', code: 'L' },
    { value: 'XL', code: 'XL', usd: 200, eur: 200 },
  ],
}

const PALE = '#f3f1ec'

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    title: 'Classic T-Shirt',
    handle: 'classic-t-shirt',
    subtitle: 'Heavyweight organic cotton',
    description:
      'A boxy, heavyweight tee in 220 g organic cotton jersey. Pre-shrunk, with a ribbed collar that keeps its shape wash after wash.',
    type: 'Apparel',
    tags: ['organic', 'cotton', 'bestseller', 'unisex'],
    collection: 'essentials',
    categories: ['tops'],
    sku: 'TEE',
    weight: 220,
    material: 'Organic cotton',
    usd: 2500,
    eur: 2300,
    options: [
      SIZES,
      {
        title: 'Color',
        values: [
          { value: 'Black', code: 'BLK' },
          { value: 'White', code: 'WHT' },
          { value: 'Olive', code: 'OLV' },
        ],
      },
    ],
    images: [
      { shape: 'tshirt', caption: 'Black', color: '#24292f', background: '#e9eef3' },
      { shape: 'tshirt', caption: 'White', color: '#ffffff', background: '#d9dee4' },
      { shape: 'tshirt', caption: 'Olive', color: '#6b7a3a', background: '#eef0e4' },
    ],
  },
  {
    title: 'Everyday Hoodie',
    handle: 'everyday-hoodie',
    subtitle: 'Brushed-back fleece',
    description:
      'A midweight pullover hoodie in brushed-back fleece, with a lined hood, a kangaroo pocket and ribbed cuffs.',
    type: 'Apparel',
    tags: ['cotton', 'unisex', 'bestseller'],
    collection: 'essentials',
    categories: ['tops'],
    sku: 'HOOD',
    weight: 560,
    material: 'Cotton and recycled polyester',
    usd: 5900,
    eur: 5500,
    options: [
      SIZES,
      {
        title: 'Color',
        values: [
          { value: 'Heather Grey', code: 'GRY' },
          { value: 'Navy', code: 'NVY' },
        ],
      },
    ],
    images: [
      { shape: 'hoodie', caption: 'Heather Grey', color: '#9aa0a6', background: PALE },
      { shape: 'hoodie', caption: 'Navy', color: '#1f3a5f', background: '#e6ecf3' },
    ],
  },
  {
    title: 'Lounge Sweatpants',
    handle: 'lounge-sweatpants',
    subtitle: 'Tapered fit, deep pockets',
    description: 'Soft fleece sweatpants with a tapered leg, an elastic waistband with drawcord and two deep pockets.',
    type: 'Apparel',
    tags: ['cotton', 'unisex'],
    collection: 'essentials',
    categories: ['bottoms'],
    sku: 'PANT',
    weight: 480,
    material: 'Cotton fleece',
    usd: 4900,
    eur: 4500,
    options: [SIZES],
    images: [{ shape: 'sweatpants', color: '#4a4f57', background: '#eceff1' }],
  },
  {
    title: 'Merino Socks',
    handle: 'merino-socks',
    subtitle: 'Two pairs',
    description:
      'Cushioned crew socks knitted from merino wool: warm in winter, breathable in summer. Sold in pairs of two.',
    type: 'Apparel',
    tags: ['wool', 'unisex'],
    collection: 'essentials',
    categories: ['accessories'],
    sku: 'SOCK',
    weight: 90,
    material: 'Merino wool',
    usd: 1800,
    eur: 1600,
    options: [
      {
        title: 'Size',
        values: [
          { value: 'S/M', code: 'SM' },
          { value: 'L/XL', code: 'LXL' },
        ],
      },
    ],
    images: [{ shape: 'socks', color: '#c2553d', background: '#f7ece8' }],
  },
  {
    title: 'Canvas Cap',
    handle: 'canvas-cap',
    subtitle: 'Six panels, adjustable strap',
    description: 'A washed cotton canvas cap with a curved brim and a brass buckle strap.',
    type: 'Accessories',
    tags: ['cotton', 'unisex', 'new'],
    collection: 'essentials',
    categories: ['accessories'],
    sku: 'CAP',
    weight: 110,
    material: 'Cotton canvas',
    usd: 2200,
    eur: 2000,
    options: [
      {
        title: 'Color',
        values: [
          { value: 'Sand', code: 'SND' },
          { value: 'Forest', code: 'FOR' },
          { value: 'Black', code: 'BLK' },
        ],
      },
    ],
    images: [{ shape: 'cap', color: '#c8b48a', background: PALE }],
  },
  {
    title: 'Canvas Tote Bag',
    handle: 'canvas-tote-bag',
    subtitle: 'Heavy canvas, inside pocket',
    description: 'A roomy tote in 12 oz natural canvas with long handles and an inside zip pocket.',
    type: 'Accessories',
    tags: ['cotton', 'recycled'],
    collection: 'essentials',
    categories: ['accessories'],
    sku: 'TOTE',
    weight: 300,
    material: 'Cotton canvas',
    usd: 1900,
    eur: 1800,
    options: [{ title: 'Color', values: [{ value: 'Natural', code: 'NAT' }] }],
    images: [{ shape: 'tote', color: '#e2d3b5', background: '#f1ede4' }],
  },
  {
    title: 'Stoneware Mug',
    handle: 'stoneware-mug',
    subtitle: '350 ml, dishwasher safe',
    description: 'A hand-glazed stoneware mug that holds 350 ml. Microwave and dishwasher safe.',
    type: 'Homeware',
    tags: ['ceramic', 'gift'],
    collection: 'home',
    categories: ['home'],
    sku: 'MUG',
    weight: 380,
    material: 'Stoneware',
    usd: 1600,
    eur: 1500,
    options: [
      {
        title: 'Color',
        values: [
          { value: 'Speckled White', code: 'WHT' },
          { value: 'Charcoal', code: 'CHR' },
        ],
      },
    ],
    images: [{ shape: 'mug', color: '#f5f2ea', background: '#dfe6e9' }],
  },
  {
    title: 'Mountain Poster',
    handle: 'mountain-poster',
    subtitle: 'Giclée print on matte paper',
    description: 'A minimalist mountain print on 200 g matte archival paper. Printed to order, shipped rolled.',
    type: 'Homeware',
    tags: ['print', 'gift'],
    collection: 'home',
    categories: ['home'],
    sku: 'POST',
    weight: 150,
    usd: 2900,
    eur: 2700,
    allow_backorder: true,
    options: [
      {
        title: 'Size',
        values: [
          { value: '30 × 40 cm', code: '3040' },
          { value: '50 × 70 cm', code: '5070', usd: 1600, eur: 1500 },
        ],
      },
    ],
    images: [{ shape: 'poster', color: '#3f6e8c', background: '#eef2f4' }],
  },
  {
    title: 'Dot Grid Notebook',
    handle: 'dot-grid-notebook',
    subtitle: 'A5, 192 pages',
    description: 'A lay-flat A5 notebook with 192 pages of 100 g paper, a linen cover and a ribbon marker.',
    type: 'Stationery',
    tags: ['paper', 'gift', 'new'],
    collection: 'home',
    categories: ['home'],
    sku: 'NOTE',
    weight: 320,
    usd: 1400,
    eur: 1300,
    options: [
      {
        title: 'Ruling',
        values: [
          { value: 'Dot grid', code: 'DOT' },
          { value: 'Lined', code: 'LIN' },
          { value: 'Blank', code: 'BLK' },
        ],
      },
    ],
    images: [{ shape: 'notebook', color: '#2f5d50', background: '#e9f0ed' }],
  },
  {
    title: 'Insulated Water Bottle',
    handle: 'insulated-water-bottle',
    subtitle: '750 ml, keeps cold for 24 h',
    description: 'A double-walled stainless steel bottle: cold for 24 hours, hot for 12. Leak-proof lid.',
    type: 'Accessories',
    tags: ['recycled', 'gift'],
    collection: 'home',
    categories: ['accessories'],
    sku: 'BOTL',
    weight: 410,
    material: 'Stainless steel',
    usd: 3200,
    eur: 2900,
    options: [
      {
        title: 'Color',
        values: [
          { value: 'Sage', code: 'SAG' },
          { value: 'Sand', code: 'SND' },
        ],
      },
    ],
    images: [{ shape: 'bottle', color: '#8fa98b', background: '#eef2ec' }],
  },
  {
    title: 'Sticker Pack',
    handle: 'sticker-pack',
    subtitle: 'Eight vinyl stickers',
    description: 'Eight weatherproof vinyl stickers for laptops, bottles and notebooks.',
    type: 'Stationery',
    tags: ['gift', 'new'],
    collection: 'home',
    categories: ['accessories'],
    sku: 'STKR',
    weight: 20,
    usd: 800,
    eur: 700,
    options: [{ title: 'Pack', values: [{ value: 'Set of 8', code: '8' }] }],
    images: [{ shape: 'stickers', color: '#6c5ce7', background: '#f0eefb' }],
  },
  {
    title: 'Gift Card',
    handle: 'gift-card',
    subtitle: 'Delivered by e-mail',
    description: 'Let them choose: a gift card for anything in the store, delivered by e-mail.',
    type: 'Gift Card',
    tags: ['gift'],
    categories: [],
    sku: 'GIFT',
    weight: 0,
    usd: 0,
    eur: 0,
    is_giftcard: true,
    manage_inventory: false,
    options: [
      {
        title: 'Denomination',
        values: [
          { value: '25', code: '25', usd: 2500, eur: 2500 },
          { value: '50', code: '50', usd: 5000, eur: 5000 },
          { value: '100', code: '100', usd: 10000, eur: 10000 },
        ],
      },
    ],
    images: [{ shape: 'giftcard', color: '#d6336c', background: '#fbeef3' }],
  },
]

export interface DemoVariant {
  title: string
  sku: string
  usd: number
  eur: number
  values: string[]
}

/** One variant per combination of option values, in option order. */
export function demoVariants(product: DemoProduct): DemoVariant[] {
  let combos: DemoVariant[] = [{ title: '', sku: `EMP-${product.sku}`, usd: product.usd, eur: product.eur, values: [] }]
  for (const option of product.options) {
    combos = combos.flatMap((combo) =>
      option.values.map((value) => ({
        title: combo.title ? `${combo.title} / ${value.value}` : value.value,
        sku: `${combo.sku}-${value.code}`,
        usd: combo.usd + (value.usd ?? 0),
        eur: combo.eur + (value.eur ?? 0),
        values: [...combo.values, value.value],
      })),
    )
  }
  return combos
}

/** A stable, varied stock level per SKU, so the demo shows both plenty and "only a few left". */
export function demoStock(sku: string): number {
  let hash = 0
  for (const char of sku) hash = (hash * 31 + char.charCodeAt(0)) % 9973
  return hash % 7 === 0 ? 3 : 20 + (hash % 130)
}
