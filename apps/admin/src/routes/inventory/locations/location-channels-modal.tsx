import {
  useAdminAddLocationToSalesChannel,
  useAdminRemoveLocationFromSalesChannel,
  useAdminSalesChannels,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Combobox } from '../../../components/inputs/combobox'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'

interface LocationChannelsModalProps {
  location: { id: string; name: string; channelIds: string[] }
  onClose: () => void
}

/** Picks the sales channels a location supplies; saving links the added ones and unlinks the removed. */
export function LocationChannelsModal({ location, onClose }: LocationChannelsModalProps) {
  const { t } = useTranslation(['inventory', 'common'])
  const feedback = useFeedback()
  const [chosen, setChosen] = useState<string[]>(location.channelIds)
  const { sales_channels: channels = [] } = useAdminSalesChannels({ limit: 100 })
  const link = useAdminAddLocationToSalesChannel()
  const unlink = useAdminRemoveLocationFromSalesChannel()
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    try {
      for (const id of chosen.filter((channel) => !location.channelIds.includes(channel)))
        await link.mutateAsync({ sales_channel_id: id, location_id: location.id })
      for (const id of location.channelIds.filter((channel) => !chosen.includes(channel)))
        await unlink.mutateAsync({ sales_channel_id: id, location_id: location.id })
      feedback.success(t('locations.channelsSaved', { name: location.name }))
      onClose()
    } catch (error) {
      feedback.failure(error)
    } finally {
      setSaving(false)
    }
  }
  return (
    <Modal open onClose={onClose} title={t('locations.channelsTitle', { name: location.name })}>
      <Modal.Content>
        <Combobox
          multiple
          label={t('locations.channels')}
          options={channels.map((channel) => ({ value: channel.id, label: channel.name ?? '' }))}
          value={chosen}
          onChange={setChosen}
        />
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="primary" loading={saving} onClick={() => void save()}>
          {t('common:actions.save')}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
