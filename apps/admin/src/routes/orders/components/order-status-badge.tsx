import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/status-badge'
import { statusTone } from './order-model'

/** The translation group of each of the order's three statuses. */
const GROUPS = { status: 'status', payment: 'paymentStatus', fulfillment: 'fulfillmentStatus' } as const

/** One of the order's three statuses as a labelled badge; an unknown value shows as it is. */
export function OrderStatusBadge({ kind, value }: { kind: keyof typeof GROUPS; value: string | undefined }) {
  const { t } = useTranslation('orders')
  if (!value) return null
  return <StatusBadge tone={statusTone(value)}>{t(`${GROUPS[kind]}.${value}`, { defaultValue: value })}</StatusBadge>
}
