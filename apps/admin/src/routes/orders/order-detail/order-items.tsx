import { useTranslation } from 'react-i18next'
import { SectionCard } from '../../../components/section-card'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from '../components/order-model'

/** The lines with their prices, then the order's totals as the server computed them. */
export function OrderItems({ order }: { order: AdminOrderView }) {
  const { t, i18n } = useTranslation('orders')
  const currency = order.currency_code ?? 'usd'
  const money = (amount: number | undefined) => (
    <bdi dir="ltr" className="whitespace-nowrap">
      {formatMoney(amount ?? 0, currency, i18n.language)}
    </bdi>
  )
  const totals: [string, number | undefined][] = [
    [t('totals.subtotal'), order.subtotal],
    [t('totals.shipping'), order.shipping_total],
    [t('totals.discount'), order.discount_total ? -order.discount_total : 0],
    [t('totals.tax'), order.tax_total],
  ]
  return (
    <SectionCard title={t('items.title')}>
      <div role="region" aria-label={t('items.title')} tabIndex={0} className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('items.title')}</caption>
          <thead className="border-b border-gray-200 text-xs text-gray-600">
            <tr>
              <th scope="col" className="px-2 py-2 text-start font-medium">
                {t('items.product')}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-medium">
                {t('items.quantity')}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-medium">
                {t('items.unitPrice')}
              </th>
              <th scope="col" className="px-2 py-2 text-end font-medium">
                {t('items.total')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {(order.items ?? []).map((line) => (
              <tr key={line.id}>
                <td className="px-2 py-2">
                  <bdi className="font-medium">{line.title}</bdi>
                  {line.description && <span className="block text-xs text-gray-500">{line.description}</span>}
                </td>
                <td className="px-2 py-2 text-end">{line.quantity}</td>
                <td className="px-2 py-2 text-end">{money(line.unit_price)}</td>
                <td className="px-2 py-2 text-end">{money(line.subtotal ?? line.unit_price * line.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 ms-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
        {totals.map(([label, amount]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="text-end">{money(amount)}</dd>
          </div>
        ))}
        <dt className="border-t border-gray-200 pt-1 font-semibold">{t('totals.total')}</dt>
        <dd className="border-t border-gray-200 pt-1 text-end font-semibold">{money(order.total)}</dd>
        <dt className="text-gray-600">{t('totals.paid')}</dt>
        <dd className="text-end">{money(order.paid_total)}</dd>
        <dt className="text-gray-600">{t('totals.refunded')}</dt>
        <dd className="text-end">{money(order.refunded_total)}</dd>
      </dl>
    </SectionCard>
  )
}
