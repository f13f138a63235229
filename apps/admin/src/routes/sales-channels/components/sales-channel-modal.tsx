import { useAdminCreateSalesChannel, useAdminUpdateSalesChannel } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { CheckboxField } from '../../../components/inputs/checkbox-field'
import { FormModal } from '../../../components/modals/form-modal'
import { TextareaField } from '../../../components/inputs/textarea-field'

export interface SalesChannelLike {
  id: string
  name?: string
  description?: string | null
  is_disabled?: boolean
}

interface Values {
  name: string
  description: string
  enabled: boolean
}

/** Creates or edits a sales channel: name, description and whether it is enabled. */
export function SalesChannelModal({
  open,
  onClose,
  channel,
}: {
  open: boolean
  onClose: () => void
  channel?: SalesChannelLike
}) {
  const { t } = useTranslation('settings')
  const create = useAdminCreateSalesChannel()
  const update = useAdminUpdateSalesChannel(channel?.id ?? '')
  const form = useForm<Values>()
  const { errors } = form.formState

  useEffect(() => {
    if (open) {
      form.reset({ name: channel?.name ?? '', description: channel?.description ?? '', enabled: !channel?.is_disabled })
    }
  }, [open, channel, form])

  const save = async (values: Values) => {
    const body = { name: values.name.trim(), description: values.description, is_disabled: !values.enabled }
    if (channel) await update.mutateAsync(body)
    else await create.mutateAsync(body)
    return channel ? t('salesChannels.updated') : t('salesChannels.created', { name: body.name })
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={channel ? t('salesChannels.editTitle') : t('salesChannels.createTitle')}
      form={form}
      onSave={save}
    >
      <div className="flex flex-col gap-4">
        <InputField
          label={t('salesChannels.name')}
          required
          errors={fieldErrors(errors.name)}
          {...form.register('name', {
            validate: (value) => value.trim() !== '' || t('salesChannels.nameRequired'),
          })}
        />
        <TextareaField label={t('salesChannels.descriptionLabel')} {...form.register('description')} />
        <CheckboxField label={t('salesChannels.enabled')} {...form.register('enabled')} />
      </div>
    </FormModal>
  )
}
