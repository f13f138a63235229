import { useAdminCreateBatchJob } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'

interface ExportOrdersModalProps {
  open: boolean
  onClose: () => void
  /** The list's current filters: the export selects the same orders. */
  filters: Record<string, unknown>
  /** How many orders the list found with them. */
  count: number
}

/** Starts an `order-export` batch job; the batch-job notifications announce it when done. */
export function ExportOrdersModal({ open, onClose, filters, count }: ExportOrdersModalProps) {
  const { t } = useTranslation('orders')
  const { t: tc } = useTranslation('common')
  const feedback = useFeedback()
  const create = useAdminCreateBatchJob()
  const start = async () => {
    try {
      await create.mutateAsync({
        type: 'order-export',
        dry_run: false,
        context: { filterable_fields: filters },
      } as Parameters<typeof create.mutateAsync>[0])
      feedback.success(t('export.started'))
      onClose()
    } catch (error) {
      feedback.failure(error)
    }
  }
  const filtered = Object.keys(filters).length > 0
  return (
    <Modal open={open} onClose={onClose} title={t('export.title')}>
      <Modal.Content>
        <p className="text-sm text-gray-700">
          {filtered ? t('export.filtered', { count }) : t('export.all', { count })}
        </p>
        <p className="mt-2 text-sm text-gray-500">{t('export.notice')}</p>
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={onClose}>{tc('actions.cancel')}</Button>
        <Button variant="primary" loading={create.isPending} onClick={() => void start()}>
          {t('export.start')}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
