import { get, useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { InputField } from '../../../components/inputs/input-field'
import { NumberInput } from '../../../components/inputs/number-input'
import { toMinorUnits } from '../../../lib/money'
import type { PriceColumn } from './price-columns'

interface VariantFieldsProps {
  /** Where the variant sits in the form: 'variant' or 'variants.0'. */
  name: string
  /** The product's option titles, in order. */
  optionTitles: readonly string[]
  columns: readonly PriceColumn[]
}

/** Title, SKU, stock, one value per option and one price per currency or region of a variant. */
export function VariantFields({ name, optionTitles, columns }: VariantFieldsProps) {
  const { t } = useTranslation('products')
  const {
    register,
    formState: { errors },
  } = useFormContext()
  const messages = (path: string): string[] => {
    const message = (get(errors, `${name}.${path}`) as { message?: unknown } | undefined)?.message
    return typeof message === 'string' && message ? [message] : []
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <InputField
          label={t('variants.title')}
          required
          errors={messages('title')}
          {...register(`${name}.title`, {
            validate: (value: string) => value.trim() !== '' || t('variants.titleRequired'),
          })}
        />
        <InputField label={t('variants.sku')} errors={messages('sku')} {...register(`${name}.sku`)} />
        <NumberInput
          label={t('variants.inventory')}
          min={0}
          errors={messages('inventory_quantity')}
          {...register(`${name}.inventory_quantity`, {
            validate: (value: string) => /^\d*$/.test(value) || t('variants.wholeNumber'),
          })}
        />
      </div>
      {optionTitles.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {optionTitles.map((optionTitle, index) => (
            <InputField
              key={`${optionTitle}-${index}`}
              label={t('variants.optionValue', { option: optionTitle })}
              required
              errors={messages(`options.${index}.value`)}
              {...register(`${name}.options.${index}.value`, {
                validate: (value: string) => value.trim() !== '' || t('variants.optionValueRequired'),
              })}
            />
          ))}
        </div>
      )}
      {columns.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {columns.map((column, index) => (
            <InputField
              key={column.key}
              label={
                column.region_id
                  ? t('variants.regionPrice', { region: column.name, currency: column.currency_code.toUpperCase() })
                  : t('variants.currencyPrice', { currency: column.name })
              }
              inputMode="decimal"
              errors={messages(`prices.${index}.amount`)}
              {...register(`${name}.prices.${index}.amount`, {
                validate: (value: string) =>
                  value.trim() === '' ||
                  toMinorUnits(value, column.currency_code) !== null ||
                  t('variants.invalidPrice', { currency: column.currency_code.toUpperCase() }),
              })}
            />
          ))}
        </div>
      )}
    </div>
  )
}
