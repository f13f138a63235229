import { generateId } from '../db/ids.js'
import type { SeedFile } from './file-schema.js'

/**
 * A region id in a seed file that is not a region id (`test-region-eu`) is a placeholder, as in
 * `medusa seed -f`: only the file uses it, to refer to the region from its shipping options and
 * prices. Clients that check id prefixes or keep ids must only ever see `reg_…` ids.
 */
export const isPlaceholderRegionId = (id: string) => !id.startsWith('reg_')

/**
 * The seed with each placeholder region id replaced by a new `reg_` id, in the region and in every
 * reference to it (shipping options' and prices' `region_id`). Other ids are kept, as v1 does.
 */
export function withRegionIds(seed: SeedFile): SeedFile {
  const replaced = new Map<string, string>()
  const regions = seed.regions?.map((entry) => {
    if (!entry.id || !isPlaceholderRegionId(entry.id)) return entry
    const id = replaced.get(entry.id) ?? generateId('reg')
    replaced.set(entry.id, id)
    return { ...entry, id }
  })
  if (replaced.size === 0) return seed
  const regionId = (id: string) => replaced.get(id) ?? id
  return {
    ...seed,
    regions,
    shipping_options: seed.shipping_options?.map((entry) => ({ ...entry, region_id: regionId(entry.region_id) })),
    products: seed.products?.map((entry) => ({
      ...entry,
      variants: entry.variants?.map((variant) => ({
        ...variant,
        prices: variant.prices.map((price) =>
          price.region_id === undefined ? price : { ...price, region_id: regionId(price.region_id) },
        ),
      })),
    })),
  }
}
