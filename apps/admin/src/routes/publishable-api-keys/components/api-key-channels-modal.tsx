import {
  useAdminAddPublishableKeySalesChannelsBatch,
  useAdminPublishableApiKeySalesChannels,
  useAdminRemovePublishableKeySalesChannelsBatch,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Modal } from '../../../components/modals/modal'
import { QueryState } from '../../../components/query-state'
import { useFeedback } from '../../../components/use-feedback'
import { ChannelChecklist } from './channel-checklist'

interface ApiKeyChannelsModalProps {
  apiKey: { id: string; title?: string }
  onClose: () => void
}

/** The sales channels a key reaches: checked ones are added, unchecked ones removed. */
export function ApiKeyChannelsModal({ apiKey, onClose }: ApiKeyChannelsModalProps) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const id = apiKey.id
  const current = useAdminPublishableApiKeySalesChannels(id)
  const add = useAdminAddPublishableKeySalesChannelsBatch(id)
  const remove = useAdminRemovePublishableKeySalesChannelsBatch(id)
  const currentIds = (current.sales_channels ?? []).map((channel) => channel.id)
  // Untouched, the boxes follow the key's channels; the user's edit is kept once made.
  const [edited, setEdited] = useState<ReadonlySet<string> | null>(null)
  const checked = edited ?? new Set(currentIds)

  const save = async () => {
    const added = [...checked].filter((channelId) => !currentIds.includes(channelId))
    const removed = currentIds.filter((channelId) => !checked.has(channelId))
    try {
      if (added.length > 0) await add.mutateAsync({ sales_channel_ids: added.map((channelId) => ({ id: channelId })) })
      if (removed.length > 0) {
        await remove.mutateAsync({ sales_channel_ids: removed.map((channelId) => ({ id: channelId })) })
      }
      feedback.success(t('apiKeys.channelsSaved'))
      onClose()
    } catch (error) {
      feedback.failure(error)
    }
  }

  return (
    <Modal open onClose={onClose} title={t('apiKeys.channelsTitle', { title: apiKey.title })}>
      <Modal.Content>
        <QueryState isLoading={current.isLoading} error={current.error}>
          <ChannelChecklist checked={checked} onChange={setEdited} />
        </QueryState>
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="primary" loading={add.isPending || remove.isPending} onClick={() => void save()}>
          {t('actions.save')}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
