import { useAdminCancelFulfillment, useAdminCreateShipment } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ShipFulfillmentModal } from '../components/ship-fulfillment-modal'
import { Button } from '../../../components/button'
import { EmptyState } from '../../../components/empty-state'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate } from '../../../lib/format-date'
import {
  isOpenFulfillment,
  unfulfilledQuantity,
  type AdminOrderView,
  type OrderFulfillment,
} from '../components/order-model'
import { CreateFulfillmentModal } from './create-fulfillment-modal'

/** The order's fulfilments: create one, cancel an open one, mark one shipped with tracking numbers. */
export function OrderFulfillments({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const [creating, setCreating] = useState(false)
  const [canceling, setCanceling] = useState<string | null>(null)
  const [shipping, setShipping] = useState<string | null>(null)
  const cancel = useAdminCancelFulfillment(order.id)
  const fulfillments = order.fulfillments ?? []
  const lines = order.items ?? []
  const itemTitle = (itemId: string) => lines.find((line) => line.id === itemId)?.title ?? itemId
  const canFulfil = order.status !== 'canceled' && lines.some((line) => unfulfilledQuantity(line) > 0)
  return (
    <SectionCard
      title={t('fulfillment.title')}
      actions={
        canFulfil && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('fulfillment.create')}
          </Button>
        )
      }
    >
      {fulfillments.length === 0 ? (
        <EmptyState title={t('fulfillment.empty')} />
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {fulfillments.map((fulfillment, index) => (
            <li key={fulfillment.id} className="flex flex-col gap-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {t('fulfillment.number', { number: index + 1 })}{' '}
                  <span className="font-normal text-gray-500">{formatDate(fulfillment.created_at, i18n.language)}</span>
                </span>
                <FulfillmentBadge fulfillment={fulfillment} />
              </div>
              <ul className="text-gray-700">
                {(fulfillment.items ?? []).map((item) => (
                  <li key={item.item_id}>
                    <bdi>{itemTitle(item.item_id)}</bdi> × {item.quantity}
                  </li>
                ))}
              </ul>
              {fulfillment.tracking_numbers.length > 0 && (
                <p className="text-gray-600">
                  {t('fulfillment.tracking')}: <bdi dir="ltr">{fulfillment.tracking_numbers.join(', ')}</bdi>
                </p>
              )}
              {isOpenFulfillment(fulfillment) && (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => setShipping(fulfillment.id)}>{t('fulfillment.ship')}</Button>
                  <Button variant="ghost" onClick={() => setCanceling(fulfillment.id)}>
                    {t('fulfillment.cancel')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <CreateFulfillmentModal open={creating} order={order} onClose={() => setCreating(false)} />
      <ShipModal orderId={order.id} fulfillmentId={shipping} onClose={() => setShipping(null)} />
      <ConfirmMutationDialog
        open={canceling !== null}
        title={t('fulfillment.cancelTitle')}
        message={t('fulfillment.cancelMessage')}
        confirmLabel={t('fulfillment.cancel')}
        mutation={{ mutateAsync: () => cancel.mutateAsync(canceling!), isPending: cancel.isPending }}
        successMessage={t('fulfillment.canceled')}
        onClose={() => setCanceling(null)}
      />
    </SectionCard>
  )
}

function FulfillmentBadge({ fulfillment }: { fulfillment: OrderFulfillment }) {
  const { t } = useTranslation('orders')
  if (fulfillment.canceled_at) return <StatusBadge tone="danger">{t('fulfillmentStatus.canceled')}</StatusBadge>
  if (fulfillment.shipped_at) return <StatusBadge tone="success">{t('fulfillmentStatus.shipped')}</StatusBadge>
  return <StatusBadge tone="info">{t('fulfillmentStatus.fulfilled')}</StatusBadge>
}

/** Marks one of the order's fulfilments shipped with its tracking numbers. */
function ShipModal({
  orderId,
  fulfillmentId,
  onClose,
}: {
  orderId: string
  fulfillmentId: string | null
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const ship = useAdminCreateShipment(orderId)
  return (
    <ShipFulfillmentModal
      open={fulfillmentId !== null}
      title={t('fulfillment.shipTitle')}
      submitLabel={t('fulfillment.ship')}
      successMessage={t('fulfillment.shipped')}
      ship={(tracking_numbers) => ship.mutateAsync({ fulfillment_id: fulfillmentId!, tracking_numbers })}
      isPending={ship.isPending}
      onClose={onClose}
    />
  )
}
