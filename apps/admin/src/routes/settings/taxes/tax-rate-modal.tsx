import { useAdminCreateTaxRate, useAdminUpdateTaxRate } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'

export interface TaxRateRecord {
  id: string
  name?: string
  code?: string | null
  rate?: number | null
}

interface Values {
  name: string
  code: string
  rate: string
}

interface TaxRateModalProps {
  open: boolean
  onClose: () => void
  regionId: string
  taxRate?: TaxRateRecord
}

/** Creates or edits a tax rate of a region: name, code and rate in percent. */
export function TaxRateModal({ open, onClose, regionId, taxRate }: TaxRateModalProps) {
  const { t } = useTranslation('settings')
  const create = useAdminCreateTaxRate()
  const update = useAdminUpdateTaxRate(taxRate?.id ?? '')
  const form = useForm<Values>()
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset({ name: taxRate?.name ?? '', code: taxRate?.code ?? '', rate: String(taxRate?.rate ?? '') })
  }, [open, taxRate, form])

  const save = async (values: Values) => {
    const body = { name: values.name.trim(), code: values.code.trim(), rate: Number(values.rate) }
    if (taxRate) await update.mutateAsync(body)
    else await create.mutateAsync({ ...body, region_id: regionId })
    return taxRate ? t('taxes.updated') : t('taxes.created', { name: body.name })
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={taxRate ? t('taxes.editTitle') : t('taxes.createTitle')}
      form={form}
      onSave={save}
    >
      <div className="flex flex-col gap-4">
        <InputField
          label={t('taxes.name')}
          required
          errors={fieldErrors(errors.name)}
          {...form.register('name', { validate: (value) => value.trim() !== '' || t('taxes.nameRequired') })}
        />
        <div className="grid grid-cols-2 gap-4">
          <InputField
            label={t('taxes.code')}
            required
            errors={fieldErrors(errors.code)}
            {...form.register('code', { validate: (value) => value.trim() !== '' || t('taxes.codeRequired') })}
          />
          <InputField
            label={t('taxes.rate')}
            inputMode="decimal"
            required
            errors={fieldErrors(errors.rate)}
            {...form.register('rate', {
              validate: (value) => {
                const rate = Number(value)
                return (value.trim() !== '' && rate >= 0 && rate <= 100) || t('regions.taxRateRange')
              },
            })}
          />
        </div>
      </div>
    </FormModal>
  )
}
