import {
  useAdminCancelClaim,
  useAdminCancelClaimFulfillment,
  useAdminCreateClaimShipment,
  useAdminFulfillClaim,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AfterSaleFulfillments, LinesSummary } from '../components/after-sale-parts'
import { ShipFulfillmentModal } from '../components/ship-fulfillment-modal'
import { Button } from '../../../components/button'
import { EmptyState } from '../../../components/empty-state'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate } from '../../../lib/format-date'
import { formatMoney } from '../../../lib/money'
import { statusTone, type AdminOrderView } from '../components/order-model'
import { claimableQuantity, claimActions, claimStatus, orderClaims, type OrderClaim } from './claim-model'
import { CreateClaimModal } from './create-claim-modal'
import { EditClaimModal } from './edit-claim-modal'

/** Claim statuses of their own; a replacement's delivery reads as an order fulfilment status. */
const OWN_STATUSES = ['canceled', 'refunded', 'not_refunded']

type Asking =
  | { kind: 'cancel' | 'fulfill' | 'edit'; claimId: string }
  | { kind: 'ship' | 'cancelFulfillment'; claimId: string; fulfillmentId: string }

/**
 * The order's claims: create one, edit it, cancel it, fulfil its replacement, mark that shipped or
 * cancel that fulfilment.
 */
export function OrderClaims({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const [creating, setCreating] = useState(false)
  const [asking, setAsking] = useState<Asking | null>(null)
  const claims = orderClaims(order)
  const titleOf = (itemId: string) => order.items?.find((line) => line.id === itemId)?.title ?? itemId
  const canClaim =
    order.status !== 'canceled' && (order.items ?? []).some((line) => claimableQuantity(line, claims) > 0)
  const currency = order.currency_code ?? 'usd'
  const editing = asking?.kind === 'edit' ? claims.find((claim) => claim.id === asking.claimId) : undefined
  return (
    <SectionCard
      title={t('claims.title')}
      actions={canClaim && <Button onClick={() => setCreating(true)}>{t('claims.create')}</Button>}
    >
      {claims.length === 0 ? (
        <EmptyState title={t('claims.empty')} />
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {claims.map((claim, index) => (
            <ClaimRow
              key={claim.id}
              claim={claim}
              number={index + 1}
              titleOf={titleOf}
              money={(amount) => formatMoney(amount, currency, i18n.language)}
              date={formatDate(claim.created_at, i18n.language)}
              onAsk={setAsking}
            />
          ))}
        </ul>
      )}
      <CreateClaimModal open={creating} order={order} onClose={() => setCreating(false)} />
      {asking?.kind === 'edit' && editing && (
        <EditClaimModal
          order={order}
          claim={editing}
          number={claims.indexOf(editing) + 1}
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'cancelFulfillment' && (
        <CancelClaimFulfillmentDialog
          orderId={order.id}
          claimId={asking.claimId}
          fulfillmentId={asking.fulfillmentId}
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'cancel' && (
        <CancelClaimDialog orderId={order.id} claimId={asking.claimId} onClose={() => setAsking(null)} />
      )}
      {asking?.kind === 'fulfill' && (
        <FulfillClaimDialog orderId={order.id} claimId={asking.claimId} onClose={() => setAsking(null)} />
      )}
      {asking?.kind === 'ship' && (
        <ShipClaimModal
          orderId={order.id}
          claimId={asking.claimId}
          fulfillmentId={asking.fulfillmentId}
          onClose={() => setAsking(null)}
        />
      )}
    </SectionCard>
  )
}

function ClaimRow(props: {
  claim: OrderClaim
  number: number
  titleOf: (itemId: string) => string
  money: (amount: number) => string
  date: string
  onAsk: (asking: Asking) => void
}) {
  const { claim, titleOf, onAsk } = props
  const { t } = useTranslation('orders')
  const status = claimStatus(claim)
  const actions = claimActions(claim)
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {t('claims.number', { number: props.number })} <span className="font-normal text-gray-500">{props.date}</span>
        </span>
        <span className="flex flex-wrap gap-2">
          <StatusBadge tone="neutral">{t(`claims.types.${claim.type}`)}</StatusBadge>
          <StatusBadge tone={statusTone(status === 'refunded' ? 'completed' : status)}>
            {OWN_STATUSES.includes(status) ? t(`claims.status.${status}`) : t(`fulfillmentStatus.${status}`)}
          </StatusBadge>
        </span>
      </div>
      <ul className="text-gray-700">
        {(claim.claim_items ?? []).map((item) => (
          <li key={item.id}>
            <bdi>{item.item?.title ?? titleOf(item.item_id)}</bdi> × {item.quantity} ·{' '}
            {t(`claims.reason.${item.reason}`)}
          </li>
        ))}
      </ul>
      {claim.type === 'refund' && typeof claim.refund_amount === 'number' && (
        <p className="text-gray-600">
          {t('claims.refundOf')} <bdi dir="ltr">{props.money(claim.refund_amount)}</bdi>
        </p>
      )}
      <LinesSummary label={t('claims.replacedBy')} lines={claim.additional_items ?? []} />
      <AfterSaleFulfillments
        label={t('claims.fulfillments', { number: props.number })}
        fulfillments={claim.fulfillments ?? []}
        shippable={actions.ship}
        cancelLabel={(position) => t('claims.cancelFulfillmentOf', { fulfillment: position, claim: props.number })}
        onShip={(fulfillmentId) => onAsk({ kind: 'ship', claimId: claim.id, fulfillmentId })}
        onCancel={(fulfillmentId) => onAsk({ kind: 'cancelFulfillment', claimId: claim.id, fulfillmentId })}
      />
      {(actions.cancel || actions.fulfill || actions.edit) && (
        <div className="flex flex-wrap gap-2">
          {actions.fulfill && (
            <Button onClick={() => onAsk({ kind: 'fulfill', claimId: claim.id })}>{t('claims.fulfill')}</Button>
          )}
          {actions.edit && (
            <Button onClick={() => onAsk({ kind: 'edit', claimId: claim.id })}>{t('claims.edit')}</Button>
          )}
          {actions.cancel && (
            <Button variant="ghost" onClick={() => onAsk({ kind: 'cancel', claimId: claim.id })}>
              {t('claims.cancel')}
            </Button>
          )}
        </div>
      )}
    </li>
  )
}

function CancelClaimDialog({ orderId, claimId, onClose }: { orderId: string; claimId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const cancel = useAdminCancelClaim(orderId)
  return (
    <ConfirmMutationDialog
      title={t('claims.cancelTitle')}
      message={t('claims.cancelMessage')}
      confirmLabel={t('claims.cancel')}
      mutation={{ mutateAsync: () => cancel.mutateAsync(claimId), isPending: cancel.isPending }}
      successMessage={t('claims.canceled')}
      onClose={onClose}
    />
  )
}

function CancelClaimFulfillmentDialog(props: {
  orderId: string
  claimId: string
  fulfillmentId: string
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const cancel = useAdminCancelClaimFulfillment(props.orderId)
  return (
    <ConfirmMutationDialog
      title={t('fulfillment.cancelTitle')}
      message={t('claims.cancelFulfillmentMessage')}
      confirmLabel={t('fulfillment.cancel')}
      mutation={{
        mutateAsync: () => cancel.mutateAsync({ claim_id: props.claimId, fulfillment_id: props.fulfillmentId }),
        isPending: cancel.isPending,
      }}
      successMessage={t('fulfillment.canceled')}
      onClose={props.onClose}
    />
  )
}

function FulfillClaimDialog({ orderId, claimId, onClose }: { orderId: string; claimId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const fulfill = useAdminFulfillClaim(orderId)
  return (
    <ConfirmMutationDialog
      title={t('claims.fulfillTitle')}
      message={t('claims.fulfillMessage')}
      confirmLabel={t('claims.fulfill')}
      mutation={{ mutateAsync: () => fulfill.mutateAsync({ claim_id: claimId }), isPending: fulfill.isPending }}
      successMessage={t('claims.fulfilled')}
      onClose={onClose}
    />
  )
}

/** Marks a claim's replacement fulfilment shipped with its tracking numbers. */
function ShipClaimModal(props: { orderId: string; claimId: string; fulfillmentId: string; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const ship = useAdminCreateClaimShipment(props.orderId)
  return (
    <ShipFulfillmentModal
      open
      title={t('claims.shipTitle')}
      submitLabel={t('claims.ship')}
      successMessage={t('claims.shipped')}
      ship={(tracking_numbers) =>
        ship.mutateAsync({ claim_id: props.claimId, fulfillment_id: props.fulfillmentId, tracking_numbers })
      }
      isPending={ship.isPending}
      onClose={props.onClose}
    />
  )
}
