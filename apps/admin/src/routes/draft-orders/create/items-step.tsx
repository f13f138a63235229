import { useAdminVariants } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Combobox } from '../../../components/inputs/combobox'
import { InputField } from '../../../components/inputs/input-field'
import { MoneyInput } from '../../../components/inputs/money-input'
import { NumberInput } from '../../../components/inputs/number-input'
import { addVariantLine } from '../draft-order-model'
import type { StepProps } from './create-draft-order-modal'

interface VariantOption {
  id: string
  title?: string | null
  sku?: string | null
  product?: { title?: string | null } | null
}

function variantTitle(variant: VariantOption): string {
  return [variant.product?.title, variant.title].filter(Boolean).join(' / ') || variant.id
}

/** The lines: variants found by search (priced by the region) or custom lines with their own price. */
export function ItemsStep({ form, change, region }: StepProps) {
  const { t } = useTranslation('draft-orders')
  const [search, setSearch] = useState('')
  const [customTitle, setCustomTitle] = useState('')
  const [customPrice, setCustomPrice] = useState<number | null>(null)
  const { variants = [] } = useAdminVariants({ limit: 10, ...(search ? { q: search } : {}) } as never)
  const found = variants as VariantOption[]
  const currency = region?.currency_code ?? 'usd'
  const setQuantity = (key: string, quantity: number) =>
    change({ lines: form.lines.map((line) => (line.key === key ? { ...line, quantity } : line)) })
  const addCustom = () => {
    if (!customTitle.trim() || customPrice === null) return
    const line = { key: `custom-${Date.now()}`, title: customTitle.trim(), unit_price: customPrice, quantity: 1 }
    change({ lines: [...form.lines, line] })
    setCustomTitle('')
    setCustomPrice(null)
  }
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-medium">{t('steps.items')}</h3>
      <Combobox
        label={t('items.findVariant')}
        options={found.map((variant) => ({
          value: variant.id,
          label: `${variantTitle(variant)}${variant.sku ? ` (${variant.sku})` : ''}`,
        }))}
        value={null}
        onSearchChange={setSearch}
        onChange={(id) => {
          const variant = found.find((candidate) => candidate.id === id)
          if (variant) change({ lines: addVariantLine(form.lines, { id: variant.id, title: variantTitle(variant) }) })
        }}
      />
      <fieldset className="flex flex-wrap items-end gap-2 rounded-md border border-gray-200 p-3">
        <legend className="px-1 text-sm font-medium">{t('items.custom')}</legend>
        <InputField
          className="min-w-40 flex-1"
          label={t('items.customTitle')}
          value={customTitle}
          onChange={(event) => setCustomTitle(event.target.value)}
        />
        <MoneyInput
          className="w-36"
          label={t('items.customPrice')}
          currencyCode={currency}
          value={customPrice}
          onChange={setCustomPrice}
          invalidMessage={t('items.priceInvalid')}
        />
        <Button onClick={addCustom} disabled={!customTitle.trim() || customPrice === null}>
          {t('items.addCustom')}
        </Button>
      </fieldset>
      {form.lines.length === 0 ? (
        <p className="text-sm text-gray-500">{t('items.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('items.chosen')}>
          {form.lines.map((line) => (
            <li key={line.key} className="flex flex-wrap items-end justify-between gap-2">
              <bdi className="min-w-0 text-sm font-medium">{line.title}</bdi>
              <div className="flex items-end gap-2">
                <NumberInput
                  className="w-32"
                  label={t('items.quantityOf', { item: line.title })}
                  min={1}
                  value={line.quantity}
                  onChange={(event) => setQuantity(line.key, Number(event.target.value))}
                />
                <Button
                  variant="ghost"
                  aria-label={t('items.removeLine', { item: line.title })}
                  onClick={() => change({ lines: form.lines.filter((other) => other.key !== line.key) })}
                >
                  {t('items.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
