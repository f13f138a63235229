import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '../../../components/empty-state'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate } from '../../../lib/format-date'
import { formatMoney } from '../../../lib/money'

export interface CustomerOrder {
  id: string
  display_id?: number
  created_at?: string
  status?: string
  payment_status?: string
  fulfillment_status?: string
  currency_code?: string
  total?: number
}

/** The customer's orders, as the customer record carries them; each number opens the order. */
export function CustomerOrders({ orders }: { orders: readonly CustomerOrder[] }) {
  const { t, i18n } = useTranslation('customers')
  return (
    <SectionCard title={t('orders.title')}>
      {orders.length === 0 ? (
        <EmptyState title={t('orders.empty')} message={t('orders.emptyMessage')} />
      ) : (
        <div role="region" aria-label={t('orders.title')} tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t('orders.title')}</caption>
            <thead className="border-b border-gray-200 text-xs text-gray-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('orders.number')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('orders.date')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  {t('orders.status')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('orders.total')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className="px-3 py-2 font-medium">
                    <Link to={`/a/orders/${order.id}`} className="hover:text-violet-700">
                      <bdi>#{order.display_id ?? order.id}</bdi>
                    </Link>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-gray-600">
                    {formatDate(order.created_at, i18n.language)}
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge
                      tone={order.status === 'canceled' ? 'danger' : order.status === 'completed' ? 'success' : 'info'}
                    >
                      {order.status ? t(`orders.statuses.${order.status}`, { defaultValue: order.status }) : ''}
                    </StatusBadge>
                  </td>
                  <td className="px-3 py-2 text-end whitespace-nowrap">
                    {order.currency_code && order.total !== undefined ? (
                      <bdi dir="ltr">{formatMoney(order.total, order.currency_code, i18n.language)}</bdi>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  )
}
