import { useAdminCreateSalesChannel, useAdminUpdateSalesChannel } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { Modal } from '../../../components/modals/modal'
import { CheckboxField } from '../../shared/checkbox-field'
import { TextareaField } from '../../shared/textarea-field'
import { useFeedback } from '../../shared/use-feedback'

export interface SalesChannelLike {
  id?: string
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
  const feedback = useFeedback()
  const create = useAdminCreateSalesChannel()
  const update = useAdminUpdateSalesChannel(channel?.id ?? '')
  const form = useForm<Values>()
  const { errors } = form.formState

  useEffect(() => {
    if (open) {
      form.reset({ name: channel?.name ?? '', description: channel?.description ?? '', enabled: !channel?.is_disabled })
    }
  }, [open, channel, form])

  const save = form.handleSubmit(async (values) => {
    const body = { name: values.name.trim(), description: values.description, is_disabled: !values.enabled }
    try {
      if (channel) await update.mutateAsync(body)
      else await create.mutateAsync(body)
      feedback.success(channel ? t('salesChannels.updated') : t('salesChannels.created', { name: body.name }))
      onClose()
    } catch (error) {
      feedback.failure(error)
    }
  })

  const title = channel ? t('salesChannels.editTitle') : t('salesChannels.createTitle')
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form onSubmit={save} noValidate aria-label={title}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <InputField
              label={t('salesChannels.name')}
              required
              errors={errors.name?.message ? [errors.name.message] : []}
              {...form.register('name', {
                validate: (value) => value.trim() !== '' || t('salesChannels.nameRequired'),
              })}
            />
            <TextareaField label={t('salesChannels.descriptionLabel')} {...form.register('description')} />
            <CheckboxField label={t('salesChannels.enabled')} {...form.register('enabled')} />
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
