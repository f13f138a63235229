import { useAdminCreateShippingOption } from '@emporium/react'
import { useEffect } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { MoneyInput } from '../../../components/inputs/money-input'
import { SelectField } from '../../../components/inputs/select-field'
import { FormModal } from '../../../components/modals/form-modal'

export interface ShippingRegion {
  id: string
  name: string
  currency_code: string
  fulfillment_providers: { id: string }[]
}

interface OptionValues {
  name: string
  profile_id: string
  provider_id: string
  amount: number | null
  is_return: boolean
}

interface ShippingOptionModalProps {
  open: boolean
  onClose: () => void
  region: ShippingRegion
  profiles: readonly { id: string; name: string }[]
}

/** A flat-rate shipping option of a region: name, profile, fulfilment provider and price. */
export function ShippingOptionModal({ open, onClose, region, profiles }: ShippingOptionModalProps) {
  const { t } = useTranslation(['shipping', 'ui'])
  const create = useAdminCreateShippingOption()
  const empty: OptionValues = {
    name: '',
    profile_id: profiles[0]?.id ?? '',
    provider_id: region.fulfillment_providers[0]?.id ?? '',
    amount: null,
    is_return: false,
  }
  const form = useForm<OptionValues>({ defaultValues: empty })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(empty)
    // `empty` follows the region and profiles, which the effect's other inputs already track.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, region.id, profiles.length, form])
  const save = async (values: OptionValues) => {
    await create.mutateAsync({
      name: values.name.trim(),
      region_id: region.id,
      provider_id: values.provider_id,
      profile_id: values.profile_id || undefined,
      data: {},
      price_type: 'flat_rate',
      amount: values.amount,
      is_return: values.is_return,
    })
    return t('options.created', { name: values.name.trim() })
  }
  const required = (value: string) => value.trim() !== '' || t('required')
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={t('options.createTitle', { region: region.name })}
      form={form}
      onSave={save}
    >
      <div className="flex flex-col gap-4">
        <InputField
          label={t('options.name')}
          required
          errors={fieldErrors(errors.name)}
          {...form.register('name', { validate: required })}
        />
        <SelectField
          label={t('options.profile')}
          options={profiles.map((profile) => ({ value: profile.id, label: profile.name }))}
          {...form.register('profile_id')}
        />
        <SelectField
          label={t('options.provider')}
          options={region.fulfillment_providers.map((provider) => ({ value: provider.id, label: provider.id }))}
          {...form.register('provider_id', { validate: required })}
        />
        <Controller
          control={form.control}
          name="amount"
          rules={{ validate: (value) => value !== null || t('options.priceRequired') }}
          render={({ field, fieldState }) => (
            <div>
              <MoneyInput
                label={t('options.price')}
                currencyCode={region.currency_code}
                value={field.value}
                onChange={field.onChange}
                required
                invalidMessage={t('ui:money.invalid', { currency: region.currency_code.toUpperCase() })}
              />
              {fieldState.error && <p className="mt-1 text-xs text-rose-600">{fieldState.error.message}</p>}
            </div>
          )}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-violet-600" {...form.register('is_return')} />
          {t('options.isReturn')}
        </label>
      </div>
    </FormModal>
  )
}
