import { useTranslation } from 'react-i18next'
import { numberLocale, useMoney } from '../lib/money'

export interface OrderLike {
  display_id?: number | null
  status?: string
  email?: string | null
  created_at?: string | Date
  currency_code?: string
  total?: number | null
  items?: { id?: string; title?: string; quantity?: number; total?: number | null }[] | null
  shipping_address?: {
    first_name?: string | null
    last_name?: string | null
    address_1?: string | null
    city?: string | null
  } | null
}

/** What an order page shows, whoever looks at it: confirmation, look-up or account history. */
export function OrderSummary({ order }: { order: OrderLike }) {
  const { t, i18n } = useTranslation()
  const money = useMoney()
  const currency = order.currency_code ?? 'usd'
  const placed = order.created_at
    ? new Date(order.created_at).toLocaleDateString(numberLocale(i18n.resolvedLanguage))
    : ''
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p>
        {t('order.placed', { date: placed })} · {t('order.status')}:{' '}
        <span data-testid="order-status">{t(`order.status_${order.status}`, { defaultValue: order.status })}</span>
      </p>
      <section aria-labelledby="order-items">
        <h2 id="order-items" className="text-lg font-semibold">
          {t('order.items')}
        </h2>
        <ul className="mt-2 divide-y divide-gray-200 border-y border-gray-200">
          {(order.items ?? []).map((item) => (
            <li key={item.id} className="flex justify-between gap-2 py-2" data-testid="order-item">
              <span>
                {item.quantity} × {item.title}
              </span>
              <span>{money.total(item.total ?? 0, currency)}</span>
            </li>
          ))}
        </ul>
      </section>
      <p className="text-lg font-semibold">
        {t('order.total')}: <span data-testid="order-total">{money.total(order.total ?? 0, currency)}</span>
      </p>
      {order.shipping_address ? (
        <p>
          {t('order.shipTo')}: {order.shipping_address.first_name} {order.shipping_address.last_name},{' '}
          {order.shipping_address.address_1}, {order.shipping_address.city}
        </p>
      ) : null}
    </div>
  )
}
