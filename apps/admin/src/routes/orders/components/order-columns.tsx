import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { formatDate } from '../../../lib/format-date'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from './order-model'
import { OrderStatusBadge } from './order-status-badge'

export function orderNumber(order: Pick<AdminOrderView, 'id' | 'display_id'>): string {
  return `#${order.display_id ?? order.id}`
}

/** The columns of the orders list; the number links to the order's page. */
export function orderColumns(t: TFunction<'orders'>, language: string): ColumnDef<AdminOrderView>[] {
  return [
    {
      id: 'display_id',
      meta: { label: t('columns.order'), sortKey: 'display_id' },
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={`/a/orders/${row.original.id}`} className="font-medium text-gray-900 hover:text-violet-700">
          <bdi>{orderNumber(row.original)}</bdi>
        </Link>
      ),
    },
    {
      id: 'created_at',
      meta: { label: t('columns.date'), sortKey: 'created_at' },
      cell: ({ row }) => (
        <span className="whitespace-nowrap text-gray-600">{formatDate(row.original.created_at, language)}</span>
      ),
    },
    {
      id: 'customer',
      meta: { label: t('columns.customer') },
      cell: ({ row }) => (
        <bdi dir="ltr" className="text-gray-600">
          {row.original.email}
        </bdi>
      ),
    },
    {
      id: 'payment_status',
      meta: { label: t('columns.payment') },
      cell: ({ row }) => <OrderStatusBadge kind="payment" value={row.original.payment_status} />,
    },
    {
      id: 'fulfillment_status',
      meta: { label: t('columns.fulfillment') },
      cell: ({ row }) => <OrderStatusBadge kind="fulfillment" value={row.original.fulfillment_status} />,
    },
    {
      id: 'total',
      meta: { label: t('columns.total'), className: 'text-end' },
      cell: ({ row }) =>
        row.original.currency_code && row.original.total !== undefined ? (
          <bdi dir="ltr" className="whitespace-nowrap">
            {formatMoney(row.original.total, row.original.currency_code, language)}
          </bdi>
        ) : null,
    },
  ]
}
