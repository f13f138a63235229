import type { PriceColumn } from '../components/price-columns'
import { pricesToPayload, variantScalars, type VariantFormValues } from '../components/variant-form'

export interface ProductCreateValues {
  title: string
  subtitle: string
  handle: string
  description: string
  status: 'draft' | 'published'
  options: { title: string }[]
  variants: VariantFormValues[]
}

export const EMPTY_PRODUCT: ProductCreateValues = {
  title: '',
  subtitle: '',
  handle: '',
  description: '',
  status: 'draft',
  options: [],
  variants: [],
}

const orUndefined = (text: string) => (text.trim() === '' ? undefined : text.trim())

/** The body of POST /admin/products: variants' option values are positional to `options`. */
export function productCreatePayload(
  values: ProductCreateValues,
  columns: readonly PriceColumn[],
  imageUrls: string[],
) {
  return {
    title: values.title.trim(),
    subtitle: orUndefined(values.subtitle),
    handle: orUndefined(values.handle),
    description: orUndefined(values.description),
    status: values.status,
    is_giftcard: false,
    discountable: true,
    options: values.options.map((option) => ({ title: option.title.trim() })),
    variants: values.variants.map((variant) => ({
      ...variantScalars(variant),
      prices: pricesToPayload(variant.prices, columns),
      options: variant.options.map((option) => ({ value: option.value.trim() })),
    })),
    ...(imageUrls.length > 0 ? { images: imageUrls, thumbnail: imageUrls[0] } : {}),
  }
}
