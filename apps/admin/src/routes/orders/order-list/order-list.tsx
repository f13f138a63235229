import { useAdminOrders, useAdminRegions, useAdminSalesChannels } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { DateRangePicker } from '../../../components/inputs/date-picker'
import { PageHeader } from '../../../components/page-header'
import { orderColumns, orderNumber } from '../components/order-columns'
import { ExportOrdersModal } from './export-orders-modal'
import { orderListFilters } from './list-filters'
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, type AdminOrderView } from '../components/order-model'

const FILTER_KEYS = [
  'status',
  'payment_status',
  'fulfillment_status',
  'region_id',
  'sales_channel_id',
  'created_from',
  'created_to',
] as const

/** The fields a row shows; the totals come with every order. */
const LIST_FIELDS = 'id,display_id,created_at,email,status,payment_status,fulfillment_status,currency_code'

/**
 * Orders with search (e-mail, number, name), status, region, sales channel and date filters and
 * sort; "Export orders" sends the same filters to an `order-export` batch job.
 */
export function OrderList() {
  const { t, i18n } = useTranslation('orders')
  const navigate = useNavigate()
  const table = useTableQuery(FILTER_KEYS)
  const { q, offset, limit, order, filters } = table.query
  const listFilters = orderListFilters(q, filters)
  const [exporting, setExporting] = useState(false)
  const {
    orders,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminOrders(
    {
      limit,
      offset,
      fields: LIST_FIELDS,
      order: order || '-created_at',
      ...listFilters,
    } as Parameters<typeof useAdminOrders>[0],
    // While a new search or page loads, the previous rows stay.
    { placeholderData: keepPreviousData },
  )
  const { regions = [] } = useAdminRegions({ limit: 100 })
  const { sales_channels: channels = [] } = useAdminSalesChannels({ limit: 100 })
  const columns = useMemo(() => orderColumns(t, i18n.language), [t, i18n.language])
  const options = (kind: string, values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`${kind}.${value}`) }))
  return (
    <section>
      <PageHeader
        title={t('list.title')}
        actions={<Button onClick={() => setExporting(true)}>{t('export.open')}</Button>}
      />
      <DataTable<AdminOrderView>
        tableId="orders"
        caption={t('list.title')}
        columns={columns}
        data={(orders ?? []) as AdminOrderView[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={orderNumber}
        table={table}
        searchLabel={t('list.search')}
        toolbar={
          <DateRangePicker
            label={t('columns.date')}
            value={{ from: filters.created_from ?? '', to: filters.created_to ?? '' }}
            onChange={(range) => {
              if (range.from !== (filters.created_from ?? '')) table.setFilter('created_from', range.from)
              if (range.to !== (filters.created_to ?? '')) table.setFilter('created_to', range.to)
            }}
          />
        }
        filters={[
          { key: 'status', label: t('columns.status'), options: options('status', ORDER_STATUSES) },
          { key: 'payment_status', label: t('columns.payment'), options: options('paymentStatus', PAYMENT_STATUSES) },
          {
            key: 'fulfillment_status',
            label: t('columns.fulfillment'),
            options: options('fulfillmentStatus', FULFILLMENT_STATUSES),
          },
          {
            key: 'region_id',
            label: t('columns.region'),
            options: regions.map((region) => ({ value: region.id, label: region.name ?? '' })),
          },
          {
            key: 'sales_channel_id',
            label: t('columns.salesChannel'),
            options: channels.map((channel) => ({ value: channel.id, label: channel.name ?? '' })),
          },
        ]}
        rowActions={(row) => [{ label: t('actions.open'), onSelect: () => navigate(`/a/orders/${row.id}`) }]}
        empty={{ title: t('list.emptyTitle'), message: t('list.emptyMessage') }}
      />
      <ExportOrdersModal open={exporting} onClose={() => setExporting(false)} filters={listFilters} count={count} />
    </section>
  )
}
