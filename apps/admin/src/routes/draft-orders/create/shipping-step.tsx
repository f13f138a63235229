import { useAdminShippingOptions } from '@emporium/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { SelectField } from '../../../components/inputs/select-field'
import { formatMoney } from '../../../lib/money'
import { defaultShippingOption } from '../draft-order-model'
import type { StepProps } from './create-draft-order-modal'

/** The shipping method: one of the region's outbound options. */
export function ShippingStep({ form, change, region }: StepProps) {
  const { t, i18n } = useTranslation('draft-orders')
  const { shipping_options: options = [] } = useAdminShippingOptions(
    { region_id: form.region_id, is_return: false } as never,
    { enabled: Boolean(form.region_id) },
  )
  const first = defaultShippingOption(options)
  // Preselect the first ordinary option so the common case is one click; never a gift-card one.
  useEffect(() => {
    if (!form.shipping_option_id && first) change({ shipping_option_id: first })
  }, [form.shipping_option_id, first, change])
  const currency = region?.currency_code ?? 'usd'
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-medium">{t('steps.shipping')}</h3>
      {options.length === 0 ? (
        <p className="text-sm text-gray-500">{t('shipping.none')}</p>
      ) : (
        <SelectField
          label={t('shipping.option')}
          required
          value={form.shipping_option_id}
          onChange={(event) => change({ shipping_option_id: event.target.value })}
          options={[
            ...(form.shipping_option_id ? [] : [{ value: '', label: t('shipping.choose') }]),
            ...options.map((option) => ({
              value: option.id!,
              label: `${option.name ?? ''}${
                typeof option.amount === 'number' ? ` · ${formatMoney(option.amount, currency, i18n.language)}` : ''
              }`,
            })),
          ]}
        />
      )}
    </div>
  )
}
