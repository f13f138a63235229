import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { StatusBadge } from '../../../components/status-badge'
import type { OrderFulfillment } from './order-model'

/** "Replaced by" / "New items" followed by the lines, comma-separated; nothing when there are none. */
export function LinesSummary(props: { label: string; lines: { id: string; title: string; quantity: number }[] }) {
  if (props.lines.length === 0) return null
  return (
    <p className="text-gray-600">
      {props.label}{' '}
      {props.lines.map((line, index) => (
        <span key={line.id}>
          {index > 0 && ', '}
          <bdi>{line.title}</bdi> × {line.quantity}
        </span>
      ))}
    </p>
  )
}

/**
 * A claim's or swap's fulfilments with their state; those in `shippable` get "Mark shipped" and
 * "Cancel fulfillment" (named by `cancelLabel`, since every row has one).
 */
export function AfterSaleFulfillments(props: {
  label: string
  fulfillments: OrderFulfillment[]
  shippable: OrderFulfillment[]
  cancelLabel: (position: number) => string
  onShip: (fulfillmentId: string) => void
  onCancel: (fulfillmentId: string) => void
}) {
  const { t } = useTranslation('orders')
  if (props.fulfillments.length === 0) return null
  return (
    <ul className="flex flex-col gap-1" aria-label={props.label}>
      {props.fulfillments.map((fulfillment, index) => {
        const state = fulfillment.canceled_at ? 'canceled' : fulfillment.shipped_at ? 'shipped' : 'fulfilled'
        const tone = state === 'canceled' ? 'danger' : state === 'shipped' ? 'success' : 'info'
        return (
          <li key={fulfillment.id} className="flex flex-wrap items-center justify-between gap-2 text-gray-700">
            <span>
              {t('fulfillment.number', { number: index + 1 })}{' '}
              <StatusBadge tone={tone}>{t(`fulfillmentStatus.${state}`)}</StatusBadge>
            </span>
            {props.shippable.includes(fulfillment) && (
              <span className="flex flex-wrap gap-2">
                <Button onClick={() => props.onShip(fulfillment.id)}>{t('claims.ship')}</Button>
                <Button
                  variant="ghost"
                  aria-label={props.cancelLabel(index + 1)}
                  onClick={() => props.onCancel(fulfillment.id)}
                >
                  {t('fulfillment.cancel')}
                </Button>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
