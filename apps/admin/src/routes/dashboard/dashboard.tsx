import { useAdminDashboard, useAdminStore } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageHeader } from '../../components/page-header'
import { QueryState } from '../../components/query-state'
import { SectionCard } from '../../components/section-card'
import { formatDate } from '../../lib/format-date'
import { formatMoney } from '../../lib/money'
import { PERIODS, seriesOf, shownCurrency, type Period } from './figures'
import { DayChart } from './sales-chart'

/** The admin home: sales and orders over a period, average order value, top products, orders to fulfil. */
export function Dashboard() {
  const { t, i18n } = useTranslation('dashboard')
  const language = i18n.resolvedLanguage ?? 'en'
  const [period, setPeriod] = useState<Period>('30d')
  const [wantedCurrency, setWantedCurrency] = useState<string>()
  const { store } = useAdminStore()
  const { dashboard, isLoading, error, refetch } = useAdminDashboard({ period })
  const currency = dashboard && shownCurrency(dashboard, wantedCurrency, store?.default_currency_code)
  const total = dashboard?.totals.find((entry) => entry.currency_code === currency)
  const days = dashboard ? seriesOf(dashboard, currency) : []
  const number = (value: number) => new Intl.NumberFormat(language).format(value)
  const money = (value: number) => (currency ? formatMoney(value, currency, language) : '')

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div role="group" aria-label={t('period.label')} className="flex rounded-md border border-gray-200 bg-white">
            {PERIODS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={period === value}
                onClick={() => setPeriod(value)}
                className={`px-3 py-1.5 text-sm first:rounded-s-md last:rounded-e-md ${
                  period === value ? 'bg-violet-600 font-medium text-white' : 'text-gray-700 hover:bg-gray-50'
                }`}
              >
                {t(`period.${value}`)}
              </button>
            ))}
          </div>
        }
      />
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {dashboard && (
          <>
            {dashboard.totals.length > 1 && (
              <label className="mb-4 flex items-center gap-2 text-sm text-gray-700">
                {t('currency')}
                <select
                  value={currency}
                  onChange={(event) => setWantedCurrency(event.target.value)}
                  className="rounded-md border border-gray-300 px-2 py-1 text-sm"
                >
                  {dashboard.totals.map((entry) => (
                    <option key={entry.currency_code} value={entry.currency_code}>
                      {entry.currency_code.toUpperCase()}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <dl className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
              <Figure label={t('figures.sales')} value={total ? money(total.sales) : '—'} />
              <Figure label={t('figures.orders')} value={number(total?.orders ?? 0)} />
              <Figure label={t('figures.averageOrderValue')} value={total ? money(total.average_order_value) : '—'} />
            </dl>
            {currency ? (
              <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-2">
                <SectionCard title={t('charts.sales')}>
                  <DayChart
                    days={days}
                    measure="sales"
                    currency={currency}
                    language={language}
                    label={t('charts.salesLabel', { total: money(total?.sales ?? 0) })}
                  />
                </SectionCard>
                <SectionCard title={t('charts.orders')}>
                  <DayChart
                    days={days}
                    measure="orders"
                    currency={currency}
                    language={language}
                    label={t('charts.ordersLabel', { count: total?.orders ?? 0 })}
                  />
                </SectionCard>
              </div>
            ) : (
              <p className="mb-6 rounded-lg border border-gray-200 bg-white p-6 text-sm text-gray-600">
                {t('noSales')}
              </p>
            )}
            <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-2">
              <SectionCard title={t('topProducts.title')}>
                {dashboard.top_products.length === 0 ? (
                  <p className="text-sm text-gray-600">{t('topProducts.empty')}</p>
                ) : (
                  <ol className="divide-y divide-gray-100">
                    {dashboard.top_products.map((product) => (
                      <li key={product.product_id} className="flex items-center justify-between gap-4 py-2 text-sm">
                        <Link
                          to={`/a/products/${product.product_id}`}
                          className="min-w-0 truncate text-violet-700 underline"
                        >
                          <bdi>{product.title ?? product.product_id}</bdi>
                        </Link>
                        <span className="shrink-0 text-gray-700">
                          {t('topProducts.sold', { count: product.quantity })}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </SectionCard>
              <SectionCard
                title={t('toFulfil.title')}
                description={
                  dashboard.orders_to_fulfil.more
                    ? t('toFulfil.countMore', { count: dashboard.orders_to_fulfil.count })
                    : t('toFulfil.count', { count: dashboard.orders_to_fulfil.count })
                }
              >
                {dashboard.orders_to_fulfil.orders.length === 0 ? (
                  <p className="text-sm text-gray-600">{t('toFulfil.empty')}</p>
                ) : (
                  <ul className="divide-y divide-gray-100">
                    {dashboard.orders_to_fulfil.orders.map((order) => (
                      <li key={order.id} className="flex items-center justify-between gap-4 py-2 text-sm">
                        <Link to={`/a/orders/${order.id}`} className="text-violet-700 underline">
                          <bdi>#{order.display_id}</bdi>
                        </Link>
                        <bdi className="min-w-0 flex-1 truncate text-gray-700">{order.email}</bdi>
                        <span className="shrink-0 text-gray-600">{formatDate(order.created_at, language)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </SectionCard>
            </div>
          </>
        )}
      </QueryState>
    </div>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">
        <bdi>{value}</bdi>
      </dd>
    </div>
  )
}
