import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { productTaxRate, productTypeTaxRate, shippingTaxRate, taxRate } from '../../modules/tax/schema.js'

export type TaxRateFixture = typeof taxRate.$inferSelect

let counter = 0

/** A tax rate written straight to the database, linked to the given products, types and shipping options. */
export async function makeTaxRate(
  db: Db,
  overrides: {
    region_id: string
    rate?: number | null
    code?: string | null
    name?: string
    metadata?: Record<string, unknown> | null
    created_at?: Date
    products?: string[]
    product_types?: string[]
    shipping_options?: string[]
  },
): Promise<TaxRateFixture> {
  counter += 1
  const [row] = await db
    .insert(taxRate)
    .values({
      id: generateId('txr'),
      region_id: overrides.region_id,
      rate: overrides.rate === undefined ? 10 : overrides.rate,
      code: overrides.code === undefined ? `TAX${counter}` : overrides.code,
      name: overrides.name ?? `Tax rate ${counter}`,
      metadata: overrides.metadata ?? null,
      created_at: overrides.created_at,
    })
    .returning()
  const rate_id = row.id
  if (overrides.products?.length) {
    await db.insert(productTaxRate).values(overrides.products.map((product_id) => ({ rate_id, product_id })))
  }
  if (overrides.product_types?.length) {
    await db
      .insert(productTypeTaxRate)
      .values(overrides.product_types.map((product_type_id) => ({ rate_id, product_type_id })))
  }
  if (overrides.shipping_options?.length) {
    await db
      .insert(shippingTaxRate)
      .values(overrides.shipping_options.map((shipping_option_id) => ({ rate_id, shipping_option_id })))
  }
  return row
}
