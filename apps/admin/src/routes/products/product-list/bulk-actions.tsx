import { adminProductKeys, useEmporiumMutation } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { ConfirmDialog } from '../../shared/confirm-dialog'
import { useFeedback } from '../../shared/use-feedback'

interface BulkActionsProps {
  selectedIds: readonly string[]
  onDone: () => void
}

type BulkAction = { kind: 'status'; status: 'published' | 'draft' } | { kind: 'delete' }

/** Publish, unpublish or delete every selected product; the list refreshes once afterwards. */
export function BulkActions({ selectedIds, onDone }: BulkActionsProps) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const [confirming, setConfirming] = useState(false)
  const bulk = useEmporiumMutation(
    (client, action: BulkAction) =>
      Promise.all(
        selectedIds.map((id) =>
          action.kind === 'delete'
            ? client.admin.products.delete(id)
            : client.admin.products.update(id, { status: action.status }),
        ),
      ),
    () => [adminProductKeys.all],
  )

  const run = async (action: BulkAction, message: string) => {
    try {
      await bulk.mutateAsync(action)
      feedback.success(message)
      onDone()
    } catch (error) {
      feedback.failure(error)
    } finally {
      setConfirming(false)
    }
  }

  const count = selectedIds.length
  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="mb-3 flex items-center gap-3 rounded-md bg-violet-50 px-3 py-2"
    >
      <span className="text-sm text-violet-900">{t('bulk.selected', { count })}</span>
      <Button
        loading={bulk.isPending}
        onClick={() => run({ kind: 'status', status: 'published' }, t('bulk.published', { count }))}
      >
        {t('actions.publish')}
      </Button>
      <Button
        loading={bulk.isPending}
        onClick={() => run({ kind: 'status', status: 'draft' }, t('bulk.unpublished', { count }))}
      >
        {t('actions.unpublish')}
      </Button>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t('actions.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('bulk.deleteTitle', { count })}
        message={t('bulk.deleteMessage', { count })}
        confirmLabel={t('actions.delete')}
        busy={bulk.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => run({ kind: 'delete' }, t('bulk.deleted', { count }))}
      />
    </div>
  )
}
