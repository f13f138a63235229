import { useAdminAddCustomersToCustomerGroup, useAdminCustomerGroups } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Combobox } from '../../../components/inputs/combobox'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'

interface AddToGroupModalProps {
  open: boolean
  customerIds: readonly string[]
  onClose: () => void
  onAdded: () => void
}

/** Adds the selected customers to one group in a single batch call. */
export function AddToGroupModal({ open, customerIds, onClose, onAdded }: AddToGroupModalProps) {
  const { t } = useTranslation(['customers', 'common'])
  const feedback = useFeedback()
  const [groupId, setGroupId] = useState<string | null>(null)
  const { customer_groups: groups = [] } = useAdminCustomerGroups({ limit: 100, order: 'name' }, { enabled: open })
  const add = useAdminAddCustomersToCustomerGroup(groupId ?? '')
  const group = groups.find((candidate) => candidate.id === groupId)
  const save = async () => {
    if (!groupId) return
    try {
      await add.mutateAsync({ customer_ids: customerIds.map((id) => ({ id })) })
      feedback.success(t('bulk.added', { count: customerIds.length, group: group?.name ?? '' }))
      onAdded()
      onClose()
    } catch (error) {
      feedback.failure(error)
    }
  }
  return (
    <Modal open={open} onClose={onClose} title={t('bulk.addToGroup')}>
      <Modal.Content>
        <Combobox
          label={t('groups.group')}
          options={groups.map((candidate) => ({ value: candidate.id, label: candidate.name ?? '' }))}
          value={groupId}
          onChange={setGroupId}
        />
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button variant="primary" disabled={!groupId} loading={add.isPending} onClick={() => void save()}>
          {t('bulk.add')}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
