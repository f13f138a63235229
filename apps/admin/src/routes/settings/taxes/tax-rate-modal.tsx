import { useAdminCreateTaxRate, useAdminUpdateTaxRate } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../shared/use-feedback'

export interface TaxRateRecord {
  id?: string
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
  const feedback = useFeedback()
  const create = useAdminCreateTaxRate()
  const update = useAdminUpdateTaxRate(taxRate?.id ?? '')
  const form = useForm<Values>()
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset({ name: taxRate?.name ?? '', code: taxRate?.code ?? '', rate: String(taxRate?.rate ?? '') })
  }, [open, taxRate, form])

  const save = form.handleSubmit(async (values) => {
    const body = { name: values.name.trim(), code: values.code.trim(), rate: Number(values.rate) }
    try {
      if (taxRate) await update.mutateAsync(body)
      else await create.mutateAsync({ ...body, region_id: regionId })
      feedback.success(taxRate ? t('taxes.updated') : t('taxes.created', { name: body.name }))
      onClose()
    } catch (failure) {
      feedback.failure(failure)
    }
  })

  const title = taxRate ? t('taxes.editTitle') : t('taxes.createTitle')
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form onSubmit={save} noValidate aria-label={title}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <InputField
              label={t('taxes.name')}
              required
              errors={errors.name?.message ? [errors.name.message] : []}
              {...form.register('name', { validate: (value) => value.trim() !== '' || t('taxes.nameRequired') })}
            />
            <div className="grid grid-cols-2 gap-4">
              <InputField
                label={t('taxes.code')}
                required
                errors={errors.code?.message ? [errors.code.message] : []}
                {...form.register('code', { validate: (value) => value.trim() !== '' || t('taxes.codeRequired') })}
              />
              <InputField
                label={t('taxes.rate')}
                inputMode="decimal"
                required
                errors={errors.rate?.message ? [errors.rate.message] : []}
                {...form.register('rate', {
                  validate: (value) => {
                    const rate = Number(value)
                    return (value.trim() !== '' && rate >= 0 && rate <= 100) || t('regions.taxRateRange')
                  },
                })}
              />
            </div>
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
            {t('actions.save')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
