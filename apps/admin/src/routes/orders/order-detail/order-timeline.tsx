import {
  useAdminCreateNote,
  useAdminDeleteNote,
  useAdminOrderTimeline,
  useAdminResendNotification,
} from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { QueryState } from '../../../components/query-state'
import { SectionCard } from '../../../components/section-card'
import { useFeedback } from '../../../components/use-feedback'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from '../components/order-model'

interface TimelineEntry {
  id: string
  kind: string
  created_at: string | Date
  resource_id: string
  data: Record<string, unknown>
}

/** The order's history, newest first, with notes to add and delete and notifications to resend. */
export function OrderTimeline({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const feedback = useFeedback()
  const { timeline, isLoading, error, refetch } = useAdminOrderTimeline(order.id)
  const createNote = useAdminCreateNote()
  const [note, setNote] = useState('')
  const [deleting, setDeleting] = useState<string | null>(null)
  const entries = [...((timeline ?? []) as TimelineEntry[])].reverse()
  const addNote = async (event: FormEvent) => {
    event.preventDefault()
    const value = note.trim()
    if (!value) return
    await feedback.run(async () => {
      await createNote.mutateAsync({ resource_id: order.id, resource_type: 'order', value })
      setNote('')
    }, t('notes.added'))
  }
  const when = (value: string | Date) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
  const money = (amount: unknown) =>
    typeof amount === 'number' ? formatMoney(amount, order.currency_code ?? 'usd', i18n.language) : ''
  return (
    <SectionCard title={t('timeline.title')}>
      <form onSubmit={(event) => void addNote(event)} className="mb-4 flex flex-col gap-2" aria-label={t('notes.add')}>
        <TextareaField label={t('notes.label')} value={note} onChange={(event) => setNote(event.target.value)} />
        <Button type="submit" className="self-end" loading={createNote.isPending} disabled={!note.trim()}>
          {t('notes.add')}
        </Button>
      </form>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        <ol className="flex flex-col gap-3 border-s border-gray-200 ps-4 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="relative">
              <span aria-hidden className="absolute -start-[1.3rem] top-1.5 h-2 w-2 rounded-full bg-violet-500" />
              <p className="font-medium">
                {t(`timeline.kinds.${entry.kind}`, {
                  defaultValue: entry.kind,
                  amount: money(entry.data.amount),
                  event: String(entry.data.event_name ?? ''),
                })}
              </p>
              <p className="text-xs text-gray-500">{when(entry.created_at)}</p>
              {entry.kind === 'note' && (
                <>
                  <p className="mt-1 rounded bg-amber-50 p-2 break-words whitespace-pre-wrap">
                    {String(entry.data.value ?? '')}
                  </p>
                  <Button variant="ghost" className="mt-1" onClick={() => setDeleting(entry.resource_id)}>
                    {t('notes.delete')}
                  </Button>
                </>
              )}
              {entry.kind === 'fulfillment.shipped' &&
                Array.isArray(entry.data.tracking_numbers) &&
                entry.data.tracking_numbers.length > 0 && (
                  <p className="text-gray-600">
                    {t('fulfillment.tracking')}: <bdi dir="ltr">{entry.data.tracking_numbers.join(', ')}</bdi>
                  </p>
                )}
              {entry.kind === 'notification' && <ResendButton notificationId={entry.resource_id} />}
            </li>
          ))}
        </ol>
      </QueryState>
      {deleting && <DeleteNoteDialog noteId={deleting} onClose={() => setDeleting(null)} />}
    </SectionCard>
  )
}

/** Sends a notification again to its recipient. */
function ResendButton({ notificationId }: { notificationId: string }) {
  const { t } = useTranslation('orders')
  const feedback = useFeedback()
  const resend = useAdminResendNotification(notificationId)
  return (
    <Button
      variant="ghost"
      className="mt-1"
      loading={resend.isPending}
      onClick={() => void feedback.run(() => resend.mutateAsync(), t('timeline.resent'))}
    >
      {t('timeline.resend')}
    </Button>
  )
}

function DeleteNoteDialog({ noteId, onClose }: { noteId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const remove = useAdminDeleteNote(noteId)
  return (
    <ConfirmMutationDialog
      title={t('notes.deleteTitle')}
      message={t('notes.deleteMessage')}
      confirmLabel={t('notes.delete')}
      mutation={{ mutateAsync: () => remove.mutateAsync(), isPending: remove.isPending }}
      successMessage={t('notes.deleted')}
      onClose={onClose}
    />
  )
}
