import { useAdminArchiveOrder, useAdminCancelOrder, useAdminOrder } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ActionMenu } from '../../../components/action-menu'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { formatDate } from '../../../lib/format-date'
import { orderNumber } from '../components/order-columns'
import type { AdminOrderView } from '../components/order-model'
import { OrderStatusBadge } from '../components/order-status-badge'
import { OrderCustomer } from './order-customer'
import { OrderFulfillments } from './order-fulfillments'
import { OrderItems } from './order-items'
import { OrderPayments } from './order-payments'
import { OrderTimeline } from './order-timeline'
import { OrderReturns } from '../returns/order-returns'
import { OrderClaims } from '../claims/order-claims'
import { OrderEditSection } from '../edits/order-edit-section'
import { OrderSwaps } from '../swaps/order-swaps'

const EXPAND =
  'items,payments,fulfillments,fulfillments.items,shipping_address,billing_address,customer,region,returns,returns.items,claims,swaps'

/** One order: summary, items and totals, payment, fulfilment, customer, notes and timeline. */
export function OrderDetail() {
  const { t } = useTranslation('orders')
  const { id = '' } = useParams()
  const { order, isLoading, error, refetch } = useAdminOrder(id, { expand: EXPAND })
  return (
    <section>
      <Link to="/a/orders" className="mb-4 inline-block text-sm text-gray-600 hover:text-gray-900">
        ← {t('detail.back')}
      </Link>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {order && <OrderPage order={order as AdminOrderView} />}
      </QueryState>
    </section>
  )
}

function OrderPage({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const [asking, setAsking] = useState<'archive' | 'cancel' | null>(null)
  const archive = useAdminArchiveOrder(order.id)
  const cancel = useAdminCancelOrder(order.id)
  const closed = order.status === 'canceled' || order.status === 'archived'
  return (
    <>
      <PageHeader
        title={t('detail.title', { number: orderNumber(order) })}
        description={t('detail.placed', { date: formatDate(order.created_at, i18n.language) })}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <OrderStatusBadge kind="status" value={order.status} />
            <OrderStatusBadge kind="payment" value={order.payment_status} />
            <OrderStatusBadge kind="fulfillment" value={order.fulfillment_status} />
            <ActionMenu
              label={t('detail.actions')}
              items={[
                { label: t('actions.archive'), onSelect: () => setAsking('archive'), disabled: closed },
                { label: t('actions.cancel'), onSelect: () => setAsking('cancel'), disabled: closed, danger: true },
              ]}
            />
          </div>
        }
      />
      <div className="grid gap-x-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <OrderItems order={order} />
          <OrderPayments order={order} />
          <OrderFulfillments order={order} />
          <OrderReturns order={order} />
          <OrderClaims order={order} />
          <OrderSwaps order={order} />
          <OrderEditSection order={order} />
        </div>
        <div className="min-w-0">
          <OrderCustomer order={order} />
          <OrderTimeline order={order} />
        </div>
      </div>
      <ConfirmMutationDialog
        open={asking === 'archive'}
        title={t('archive.title')}
        message={t('archive.message')}
        confirmLabel={t('actions.archive')}
        mutation={{ mutateAsync: () => archive.mutateAsync(), isPending: archive.isPending }}
        successMessage={t('archive.done')}
        onClose={() => setAsking(null)}
      />
      <ConfirmMutationDialog
        open={asking === 'cancel'}
        title={t('cancel.title')}
        message={t('cancel.message')}
        confirmLabel={t('actions.cancel')}
        mutation={{ mutateAsync: () => cancel.mutateAsync(), isPending: cancel.isPending }}
        successMessage={t('cancel.done')}
        onClose={() => setAsking(null)}
      />
    </>
  )
}
