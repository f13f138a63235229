import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { InputField } from '../../../components/inputs/input-field'
import { SelectField } from '../../../components/inputs/select-field'
import type { DraftAddress } from '../draft-order-model'
import type { StepProps } from './create-draft-order-modal'

const TEXT_FIELDS = ['first_name', 'last_name', 'address_1', 'city', 'postal_code'] as const

/** The shipping address, also used for billing; the country is one of the region's. */
export function AddressStep({ form, change, region }: StepProps) {
  const { t } = useTranslation('draft-orders')
  const countries = region?.countries ?? []
  const setField = (field: keyof DraftAddress, value: string) =>
    change({ address: { ...form.address, [field]: value } })
  const first = countries[0]?.iso_2
  useEffect(() => {
    if (!form.address.country_code && first) change({ address: { ...form.address, country_code: first } })
  }, [form.address, first, change])
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-medium">{t('steps.address')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <InputField
            key={field}
            label={t(`address.${field}`)}
            required
            value={form.address[field]}
            onChange={(event) => setField(field, event.target.value)}
            autoComplete="off"
          />
        ))}
        <SelectField
          label={t('address.country_code')}
          required
          value={form.address.country_code}
          onChange={(event) => setField('country_code', event.target.value)}
          options={countries.map((country) => ({ value: country.iso_2, label: country.display_name }))}
        />
      </div>
    </div>
  )
}
