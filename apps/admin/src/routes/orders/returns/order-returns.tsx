import { useAdminCancelReturn } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { EmptyState } from '../../../components/empty-state'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge, type BadgeTone } from '../../../components/status-badge'
import { formatDate } from '../../../lib/format-date'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView, OrderReturn } from '../components/order-model'
import { ReceiveReturnModal } from './receive-return-modal'
import { RequestReturnModal } from './request-return-modal'
import { returnableQuantity } from './return-model'

const TONES: Record<OrderReturn['status'], BadgeTone> = {
  requested: 'info',
  received: 'success',
  requires_action: 'warning',
  canceled: 'danger',
}

/** The order's returns: request one, then receive or cancel each requested one. */
export function OrderReturns({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const [requesting, setRequesting] = useState(false)
  const [receiving, setReceiving] = useState<OrderReturn | null>(null)
  const [canceling, setCanceling] = useState<string | null>(null)
  // Returns of claims and swaps show on those; here only the order's own.
  const returns = (order.returns ?? []).filter((item) => !item.claim_order_id && !item.swap_id)
  const titleOf = (itemId: string) => order.items?.find((line) => line.id === itemId)?.title ?? itemId
  const canReturn = order.status !== 'canceled' && (order.items ?? []).some((line) => returnableQuantity(line) > 0)
  return (
    <SectionCard
      title={t('returns.title')}
      actions={canReturn && <Button onClick={() => setRequesting(true)}>{t('returns.request')}</Button>}
    >
      {returns.length === 0 ? (
        <EmptyState title={t('returns.empty')} />
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {returns.map((item, index) => (
            <li key={item.id} className="flex flex-col gap-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {t('returns.number', { number: index + 1 })}{' '}
                  <span className="font-normal text-gray-500">{formatDate(item.created_at, i18n.language)}</span>
                </span>
                <StatusBadge tone={TONES[item.status]}>{t(`returns.status.${item.status}`)}</StatusBadge>
              </div>
              <ul className="text-gray-700">
                {(item.items ?? []).map((line) => (
                  <li key={line.item_id}>
                    <bdi>{titleOf(line.item_id)}</bdi> × {line.quantity}
                  </li>
                ))}
              </ul>
              <p className="text-gray-600">
                {t('returns.refundOf')}{' '}
                <bdi dir="ltr">{formatMoney(item.refund_amount, order.currency_code ?? 'usd', i18n.language)}</bdi>
              </p>
              {item.status === 'requested' && (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => setReceiving(item)}>{t('returns.receive')}</Button>
                  <Button variant="ghost" onClick={() => setCanceling(item.id)}>
                    {t('returns.cancel')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <RequestReturnModal open={requesting} order={order} onClose={() => setRequesting(false)} />
      {receiving && <ReceiveReturnModal order={order} orderReturn={receiving} onClose={() => setReceiving(null)} />}
      {canceling && <CancelReturnDialog returnId={canceling} onClose={() => setCanceling(null)} />}
    </SectionCard>
  )
}

function CancelReturnDialog({ returnId, onClose }: { returnId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const cancel = useAdminCancelReturn(returnId)
  return (
    <ConfirmMutationDialog
      title={t('returns.cancelTitle')}
      message={t('returns.cancelMessage')}
      confirmLabel={t('returns.cancel')}
      mutation={{ mutateAsync: () => cancel.mutateAsync(), isPending: cancel.isPending }}
      successMessage={t('returns.canceled')}
      onClose={onClose}
    />
  )
}
