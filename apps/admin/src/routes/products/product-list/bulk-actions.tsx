import { adminProductKeys, useEmporiumMutation } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { notify } from '../../../components/toasts/notify'
import { useErrorMessage } from '../../../lib/use-error-message'
import { settleWithLimit } from '../../../lib/settle-with-limit'
import { ConfirmDialog } from '../../../components/modals/confirm-dialog'
import { useFeedback } from '../../../components/use-feedback'

/**
 * The admin API has no batch route for a product's status or its deletion (the product batches
 * there add products to a channel, category or collection), so each product is its own request;
 * a few at a time keep a large selection from flooding the server.
 */
export const BULK_CONCURRENCY = 4

interface BulkActionsProps {
  selectedIds: readonly string[]
  /** After a run, with the products whose write failed (they stay selected to retry). */
  onDone: (failedIds: string[]) => void
}

type BulkAction = { kind: 'status'; status: 'published' | 'draft' } | { kind: 'delete' }

/** Publish, unpublish or delete every selected product; the list refreshes once afterwards. */
export function BulkActions({ selectedIds, onDone }: BulkActionsProps) {
  const { t } = useTranslation(['products', 'common'])
  const feedback = useFeedback()
  const errorMessage = useErrorMessage()
  const [confirming, setConfirming] = useState(false)
  const bulk = useEmporiumMutation(
    (client, action: BulkAction) =>
      settleWithLimit(selectedIds, BULK_CONCURRENCY, (id): Promise<unknown> =>
        action.kind === 'delete'
          ? client.admin.products.delete(id)
          : client.admin.products.update(id, { status: action.status }),
      ),
    () => [adminProductKeys.all],
  )

  const run = async (action: BulkAction, successMessage: string) => {
    try {
      const outcomes = await bulk.mutateAsync(action)
      const failedIds = selectedIds.filter((_, index) => outcomes[index].status === 'rejected')
      const firstFailure = outcomes.find((outcome) => outcome.status === 'rejected')
      if (!firstFailure) feedback.success(successMessage)
      else {
        notify.error(
          t('common:errors.title'),
          t('bulk.partial', {
            succeeded: selectedIds.length - failedIds.length,
            failed: failedIds.length,
            reason: errorMessage(firstFailure.reason),
          }),
        )
      }
      onDone(failedIds)
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
