import { toMinorUnits, fromMinorUnits } from '../../../lib/money'
import { columnKeyOf, type MoneyAmountLike, type PriceColumn, type PriceInput } from './price-columns'

/** One variant as a form holds it: texts, so empty fields stay empty instead of 0. */
export interface VariantFormValues {
  title: string
  sku: string
  inventory_quantity: string
  /** Values aligned with the product's options. */
  options: { value: string }[]
  /** Amounts aligned with the price columns; '' leaves that price unset. */
  prices: { amount: string }[]
}

export function emptyVariant(optionCount: number, columnCount: number): VariantFormValues {
  return {
    title: '',
    sku: '',
    inventory_quantity: '0',
    options: Array.from({ length: optionCount }, () => ({ value: '' })),
    prices: Array.from({ length: columnCount }, () => ({ amount: '' })),
  }
}

interface VariantLike {
  title?: string | null
  sku?: string | null
  inventory_quantity?: number | null
  prices?: readonly MoneyAmountLike[]
  options?: readonly { option_id?: string | null; value?: string | null }[]
}

/** A stored variant as form values, its option values in the order of `optionIds`. */
export function variantToForm(
  variant: VariantLike,
  optionIds: readonly string[],
  columns: readonly PriceColumn[],
): VariantFormValues {
  return {
    title: variant.title ?? '',
    sku: variant.sku ?? '',
    inventory_quantity: String(variant.inventory_quantity ?? 0),
    options: optionIds.map((id) => ({
      value: variant.options?.find((value) => value.option_id === id)?.value ?? '',
    })),
    prices: columns.map((column) => {
      const price = variant.prices?.find((candidate) => columnKeyOf(candidate) === column.key)
      return { amount: price?.amount === undefined ? '' : fromMinorUnits(price.amount, column.currency_code) }
    }),
  }
}

/**
 * The prices to send: one per filled column, in minor units. A price the variant already has keeps
 * its id, so the server updates it rather than replacing it.
 */
export function pricesToPayload(
  amounts: readonly { amount: string }[],
  columns: readonly PriceColumn[],
  existing: readonly MoneyAmountLike[] = [],
): PriceInput[] {
  const prices: PriceInput[] = []
  columns.forEach((column, index) => {
    const text = amounts[index]?.amount ?? ''
    if (text.trim() === '') return
    const amount = toMinorUnits(text, column.currency_code)
    if (amount === null) return
    const id = existing.find((price) => columnKeyOf(price) === column.key)?.id
    const target = column.region_id ? { region_id: column.region_id } : { currency_code: column.currency_code }
    prices.push({ ...(id ? { id } : {}), ...target, amount })
  })
  return prices
}

/** The variant scalars every variant payload shares. */
export function variantScalars(values: VariantFormValues) {
  const sku = values.sku.trim()
  return {
    title: values.title.trim(),
    sku: sku === '' ? null : sku,
    inventory_quantity: Number(values.inventory_quantity || 0),
  }
}
