import { useAdminCreateReturnReason, useAdminUpdateReturnReason } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { FormModal } from '../../../components/modals/form-modal'

export interface ReturnReasonRecord {
  id: string
  value: string
  label: string
  description?: string | null
}

interface Values {
  value: string
  label: string
  description: string
}

interface ReturnReasonModalProps {
  open: boolean
  onClose: () => void
  /** The reason edited; without it a new one is created, under `parent` when given. */
  reason?: ReturnReasonRecord
  parent?: ReturnReasonRecord
}

/** Creates or edits a return reason: its value (what the API stores), label and description. */
export function ReturnReasonModal({ open, onClose, reason, parent }: ReturnReasonModalProps) {
  const { t } = useTranslation('settings')
  const create = useAdminCreateReturnReason()
  const update = useAdminUpdateReturnReason(reason?.id ?? '')
  const form = useForm<Values>()
  const { errors } = form.formState

  useEffect(() => {
    if (open) {
      form.reset({ value: reason?.value ?? '', label: reason?.label ?? '', description: reason?.description ?? '' })
    }
  }, [open, reason, form])

  const save = async (values: Values) => {
    const body = { value: values.value.trim(), label: values.label.trim(), description: values.description.trim() }
    if (reason) {
      await update.mutateAsync(body)
      return t('returnReasons.updated', { name: body.label })
    }
    await create.mutateAsync({ ...body, ...(parent ? { parent_return_reason_id: parent.id } : {}) })
    return t('returnReasons.created', { name: body.label })
  }

  const title = reason
    ? t('returnReasons.editTitle')
    : parent
      ? t('returnReasons.createChildTitle', { name: parent.label })
      : t('returnReasons.createTitle')
  const required = (message: string) => (value: string) => value.trim() !== '' || message

  return (
    <FormModal open={open} onClose={onClose} title={title} form={form} onSave={save}>
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <InputField
            label={t('returnReasons.value')}
            required
            errors={fieldErrors(errors.value)}
            {...form.register('value', { validate: required(t('returnReasons.valueRequired')) })}
          />
          <InputField
            label={t('returnReasons.label')}
            required
            errors={fieldErrors(errors.label)}
            {...form.register('label', { validate: required(t('returnReasons.labelRequired')) })}
          />
        </div>
        <TextareaField label={t('returnReasons.descriptionField')} rows={3} {...form.register('description')} />
      </div>
    </FormModal>
  )
}
