import {
  useAdminCancelSwap,
  useAdminCancelSwapFulfillment,
  useAdminCreateSwapShipment,
  useAdminFulfillSwap,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AfterSaleFulfillments, LinesSummary } from '../components/after-sale-parts'
import { ShipFulfillmentModal } from '../components/ship-fulfillment-modal'
import { Button } from '../../../components/button'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate } from '../../../lib/format-date'
import { formatMoney } from '../../../lib/money'
import { statusTone, type AdminOrderView } from '../components/order-model'
import { orderSwaps, swapActions, swapStatus, type OrderSwap } from './swap-model'

type Asking =
  | { kind: 'cancel' | 'fulfill'; swapId: string }
  | { kind: 'ship' | 'cancelFulfillment'; swapId: string; fulfillmentId: string }

/**
 * The order's swaps, read-only (they are created from the storefront or the API): status,
 * difference due, and fulfil, ship, cancel a fulfilment or the swap as the server allows.
 */
export function OrderSwaps({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const [asking, setAsking] = useState<Asking | null>(null)
  const swaps = orderSwaps(order)
  const currency = order.currency_code ?? 'usd'
  // Swaps are made from the storefront or the API, not here: without any the section would be noise.
  if (swaps.length === 0) return null
  return (
    <SectionCard title={t('swaps.title')}>
      <ul className="divide-y divide-gray-100 text-sm">
        {swaps.map((swap, index) => (
          <SwapRow
            key={swap.id}
            swap={swap}
            number={index + 1}
            money={(amount) => formatMoney(amount, currency, i18n.language)}
            date={formatDate(swap.created_at, i18n.language)}
            onAsk={setAsking}
          />
        ))}
      </ul>
      {asking?.kind === 'cancel' && (
        <SwapDialog kind="cancel" orderId={order.id} swapId={asking.swapId} onClose={() => setAsking(null)} />
      )}
      {asking?.kind === 'fulfill' && (
        <SwapDialog kind="fulfill" orderId={order.id} swapId={asking.swapId} onClose={() => setAsking(null)} />
      )}
      {asking?.kind === 'cancelFulfillment' && (
        <CancelSwapFulfillmentDialog
          orderId={order.id}
          swapId={asking.swapId}
          fulfillmentId={asking.fulfillmentId}
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'ship' && (
        <ShipSwapModal
          orderId={order.id}
          swapId={asking.swapId}
          fulfillmentId={asking.fulfillmentId}
          onClose={() => setAsking(null)}
        />
      )}
    </SectionCard>
  )
}

function SwapRow(props: {
  swap: OrderSwap
  number: number
  money: (amount: number) => string
  date: string
  onAsk: (asking: Asking) => void
}) {
  const { swap, onAsk } = props
  const { t } = useTranslation('orders')
  const status = swapStatus(swap)
  const actions = swapActions(swap)
  const due = swap.difference_due ?? 0
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {t('swaps.number', { number: props.number })} <span className="font-normal text-gray-500">{props.date}</span>
        </span>
        <span className="flex flex-wrap gap-2">
          <StatusBadge tone={statusTone(swap.payment_status)}>
            {t(`swaps.paymentStatus.${swap.payment_status}`)}
          </StatusBadge>
          <StatusBadge tone={statusTone(status)}>{t(`fulfillmentStatus.${status}`)}</StatusBadge>
        </span>
      </div>
      <p className="text-gray-600">
        {t(due < 0 ? 'swaps.refundDue' : 'swaps.differenceDue')}{' '}
        <bdi dir="ltr" className="font-medium">
          {props.money(Math.abs(due))}
        </bdi>
      </p>
      <LinesSummary label={t('swaps.newItems')} lines={swap.additional_items ?? []} />
      <AfterSaleFulfillments
        label={t('swaps.fulfillments', { number: props.number })}
        fulfillments={swap.fulfillments ?? []}
        shippable={actions.ship}
        cancelLabel={(position) => t('swaps.cancelFulfillmentOf', { fulfillment: position, swap: props.number })}
        onShip={(fulfillmentId) => onAsk({ kind: 'ship', swapId: swap.id, fulfillmentId })}
        onCancel={(fulfillmentId) => onAsk({ kind: 'cancelFulfillment', swapId: swap.id, fulfillmentId })}
      />
      {(actions.cancel || actions.fulfill) && (
        <div className="flex flex-wrap gap-2">
          {actions.fulfill && (
            <Button onClick={() => onAsk({ kind: 'fulfill', swapId: swap.id })}>{t('claims.fulfill')}</Button>
          )}
          {actions.cancel && (
            <Button variant="ghost" onClick={() => onAsk({ kind: 'cancel', swapId: swap.id })}>
              {t('swaps.cancel')}
            </Button>
          )}
        </div>
      )}
    </li>
  )
}

function SwapDialog(props: { kind: 'cancel' | 'fulfill'; orderId: string; swapId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const cancel = useAdminCancelSwap(props.orderId)
  const fulfill = useAdminFulfillSwap(props.orderId)
  const canceling = props.kind === 'cancel'
  return (
    <ConfirmMutationDialog
      title={t(canceling ? 'swaps.cancelTitle' : 'swaps.fulfillTitle')}
      message={t(canceling ? 'swaps.cancelMessage' : 'swaps.fulfillMessage')}
      confirmLabel={t(canceling ? 'swaps.cancel' : 'claims.fulfill')}
      mutation={
        canceling
          ? { mutateAsync: () => cancel.mutateAsync(props.swapId), isPending: cancel.isPending }
          : { mutateAsync: () => fulfill.mutateAsync({ swap_id: props.swapId }), isPending: fulfill.isPending }
      }
      successMessage={t(canceling ? 'swaps.canceled' : 'claims.fulfilled')}
      onClose={props.onClose}
    />
  )
}

function CancelSwapFulfillmentDialog(props: {
  orderId: string
  swapId: string
  fulfillmentId: string
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const cancel = useAdminCancelSwapFulfillment(props.orderId)
  return (
    <ConfirmMutationDialog
      title={t('fulfillment.cancelTitle')}
      message={t('swaps.cancelFulfillmentMessage')}
      confirmLabel={t('fulfillment.cancel')}
      mutation={{
        mutateAsync: () => cancel.mutateAsync({ swap_id: props.swapId, fulfillment_id: props.fulfillmentId }),
        isPending: cancel.isPending,
      }}
      successMessage={t('fulfillment.canceled')}
      onClose={props.onClose}
    />
  )
}

/** Marks a swap's fulfilment shipped with its tracking numbers. */
function ShipSwapModal(props: { orderId: string; swapId: string; fulfillmentId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const ship = useAdminCreateSwapShipment(props.orderId)
  return (
    <ShipFulfillmentModal
      open
      title={t('swaps.shipTitle')}
      submitLabel={t('claims.ship')}
      successMessage={t('claims.shipped')}
      ship={(tracking_numbers) =>
        ship.mutateAsync({ swap_id: props.swapId, fulfillment_id: props.fulfillmentId, tracking_numbers })
      }
      isPending={ship.isPending}
      onClose={props.onClose}
    />
  )
}
