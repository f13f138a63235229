import { useAdminCapturePayment, useAdminRefundPayment } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { EmptyState } from '../../../components/empty-state'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { formatMoney } from '../../../lib/money'
import { capturablePayments, type AdminOrderView } from '../components/order-model'
import { RefundModal, type RefundRequest } from './refund-modal'

/** The order's payments, with capture and refund, each confirmed first. */
export function OrderPayments({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const currency = order.currency_code ?? 'usd'
  const money = (amount: number) => formatMoney(amount, currency, i18n.language)
  const capture = useAdminCapturePayment(order.id)
  const refund = useAdminRefundPayment(order.id)
  const [capturing, setCapturing] = useState(false)
  const [refunding, setRefunding] = useState(false)
  const [request, setRequest] = useState<RefundRequest | null>(null)
  const payments = order.payments ?? []
  const refundable = order.refundable_amount ?? 0
  const canCapture = capturablePayments(order).length > 0 && order.status !== 'canceled'
  return (
    <SectionCard
      title={t('payment.title')}
      actions={
        <>
          {canCapture && (
            <Button variant="primary" onClick={() => setCapturing(true)}>
              {t('payment.capture')}
            </Button>
          )}
          {refundable > 0 && <Button onClick={() => setRefunding(true)}>{t('payment.refund')}</Button>}
        </>
      }
    >
      {payments.length === 0 ? (
        <EmptyState title={t('payment.empty')} />
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-medium">{t('payment.provider', { provider: payment.provider_id })}</span>
              <span className="flex flex-wrap items-center gap-2">
                {payment.canceled_at ? (
                  <StatusBadge tone="danger">{t('payment.canceled')}</StatusBadge>
                ) : payment.captured_at ? (
                  <StatusBadge tone="success">{t('payment.captured')}</StatusBadge>
                ) : (
                  <StatusBadge tone="warning">{t('payment.authorized')}</StatusBadge>
                )}
                <bdi dir="ltr">{money(payment.amount)}</bdi>
                {payment.amount_refunded > 0 && (
                  <span className="text-gray-600">
                    {t('payment.refunded', { amount: money(payment.amount_refunded) })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <ConfirmMutationDialog
        open={capturing}
        title={t('payment.captureTitle')}
        message={t('payment.captureMessage', { amount: money(order.total ?? 0) })}
        confirmLabel={t('payment.capture')}
        mutation={{ mutateAsync: () => capture.mutateAsync(), isPending: capture.isPending }}
        successMessage={t('payment.captureDone')}
        onClose={() => setCapturing(false)}
      />
      <RefundModal
        open={refunding}
        currencyCode={currency}
        refundable={refundable}
        onClose={() => setRefunding(false)}
        onSubmit={(values) => {
          setRefunding(false)
          setRequest(values)
        }}
      />
      <ConfirmMutationDialog
        open={request !== null}
        title={t('refund.confirmTitle')}
        message={t('refund.confirmMessage', { amount: money(request?.amount ?? 0) })}
        confirmLabel={t('payment.refund')}
        mutation={{
          mutateAsync: () =>
            refund.mutateAsync({
              amount: request!.amount,
              reason: request!.reason,
              ...(request!.note ? { note: request!.note } : {}),
            }),
          isPending: refund.isPending,
        }}
        successMessage={t('refund.done')}
        onClose={() => setRequest(null)}
      />
    </SectionCard>
  )
}
