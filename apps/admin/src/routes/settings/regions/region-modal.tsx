import { useAdminCreateRegion, useAdminStore, useAdminUpdateRegion } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { InputError } from '../../../components/inputs/input-error'
import { CheckboxField } from '../../../components/inputs/checkbox-field'
import { FormModal } from '../../../components/modals/form-modal'
import { SelectField } from '../../../components/inputs/select-field'
import { isCountryList, regionPayload, regionToValues, type RegionValues } from './region-form'

export interface RegionRecord {
  id: string
  name?: string
  currency_code?: string
  tax_rate?: number
  tax_code?: string | null
  countries?: readonly { iso_2?: string; display_name?: string }[]
  payment_providers?: readonly { id: string }[]
  fulfillment_providers?: readonly { id: string }[]
}

/** Creates or edits a region: name, currency, tax rate and code, countries and providers. */
export function RegionModal({ open, onClose, region }: { open: boolean; onClose: () => void; region?: RegionRecord }) {
  const { t } = useTranslation('settings')
  const { store } = useAdminStore()
  const create = useAdminCreateRegion()
  const update = useAdminUpdateRegion(region?.id ?? '')
  const form = useForm<RegionValues>()
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset(regionToValues(region, store?.default_currency_code ?? ''))
  }, [open, region, store, form])

  const save = async (values: RegionValues) => {
    if (region) await update.mutateAsync(regionPayload(values))
    else await create.mutateAsync(regionPayload(values))
    return region ? t('regions.updated') : t('regions.created', { name: values.name.trim() })
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={region ? t('regions.editTitle') : t('regions.createTitle')}
      form={form}
      onSave={save}
    >
      <div className="flex flex-col gap-4">
        <InputField
          label={t('regions.name')}
          required
          errors={fieldErrors(errors.name)}
          {...form.register('name', { validate: (value) => value.trim() !== '' || t('regions.nameRequired') })}
        />
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            label={t('regions.currency')}
            required
            errors={fieldErrors(errors.currency_code)}
            options={[
              { value: '', label: t('currencies.choose') },
              ...(store?.currencies ?? []).map((currency) => ({
                value: currency.code ?? '',
                label: currency.code?.toUpperCase() ?? '',
              })),
            ]}
            {...form.register('currency_code', { required: t('regions.currencyRequired') })}
          />
          <InputField
            label={t('regions.taxRate')}
            inputMode="decimal"
            required
            errors={fieldErrors(errors.tax_rate)}
            {...form.register('tax_rate', {
              validate: (value) => {
                const rate = Number(value)
                return (value.trim() !== '' && rate >= 0 && rate <= 100) || t('regions.taxRateRange')
              },
            })}
          />
        </div>
        <InputField label={t('regions.taxCode')} {...form.register('tax_code')} />
        <InputField
          label={t('regions.countries')}
          placeholder="DE, FR, AT"
          errors={fieldErrors(errors.countries)}
          {...form.register('countries', {
            validate: (value) => isCountryList(value) || t('regions.countriesFormat'),
          })}
        />
        <fieldset>
          <legend className="mb-2 text-xs font-semibold text-gray-600">{t('regions.paymentProviders')}</legend>
          {(store?.payment_providers ?? []).map((provider) => (
            <CheckboxField
              key={provider.id}
              label={provider.id}
              value={provider.id}
              {...form.register('payment_providers', {
                validate: (value) => value.length > 0 || t('regions.providerRequired'),
              })}
            />
          ))}
          <InputError errors={fieldErrors(errors.payment_providers)} />
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-xs font-semibold text-gray-600">{t('regions.fulfillmentProviders')}</legend>
          {(store?.fulfillment_providers ?? []).map((provider) => (
            <CheckboxField
              key={provider.id}
              label={provider.id}
              value={provider.id}
              {...form.register('fulfillment_providers', {
                validate: (value) => value.length > 0 || t('regions.providerRequired'),
              })}
            />
          ))}
          <InputError errors={fieldErrors(errors.fulfillment_providers)} />
        </fieldset>
      </div>
    </FormModal>
  )
}
