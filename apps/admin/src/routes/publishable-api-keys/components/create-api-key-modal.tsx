import { adminPublishableApiKeysKeys, useEmporiumMutation } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'
import { ChannelChecklist } from './channel-checklist'

/** Creates a key, then scopes it to the checked sales channels, as one write. */
export function CreateApiKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const [channels, setChannels] = useState<ReadonlySet<string>>(new Set())
  const form = useForm<{ title: string }>({ defaultValues: { title: '' } })
  const titleError = form.formState.errors.title?.message
  const create = useEmporiumMutation(
    async (client, { title, channelIds }: { title: string; channelIds: string[] }) => {
      const { publishable_api_key } = await client.admin.publishableApiKeys.create({ title })
      if (channelIds.length > 0) {
        await client.admin.publishableApiKeys.addSalesChannelsBatch(publishable_api_key.id, {
          sales_channel_ids: channelIds.map((id) => ({ id })),
        })
      }
      return publishable_api_key
    },
    () => [adminPublishableApiKeysKeys.all],
  )

  const close = () => {
    form.reset({ title: '' })
    setChannels(new Set())
    onClose()
  }

  const save = form.handleSubmit(async ({ title }) => {
    try {
      await create.mutateAsync({ title: title.trim(), channelIds: [...channels] })
      feedback.success(t('apiKeys.created', { title: title.trim() }))
      close()
    } catch (error) {
      feedback.failure(error)
    }
  })

  return (
    <Modal open={open} onClose={close} title={t('apiKeys.createTitle')}>
      <form onSubmit={save} noValidate aria-label={t('apiKeys.createTitle')}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <InputField
              label={t('apiKeys.keyTitle')}
              required
              errors={titleError ? [titleError] : []}
              {...form.register('title', { validate: (value) => value.trim() !== '' || t('apiKeys.titleRequired') })}
            />
            <ChannelChecklist checked={channels} onChange={setChannels} />
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={create.isPending}>
            {t('actions.save')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
