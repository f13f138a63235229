import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { StatusBadge } from '../../components/status-badge'
import { formatDate } from '../../lib/format-date'

/** The parts of a draft order the screens read. */
export interface DraftOrderView {
  id: string
  display_id?: number
  status?: 'open' | 'completed'
  created_at?: string | Date
  order_id?: string | null
  order?: { id: string; display_id: number } | null
  cart?: {
    email?: string | null
    region_id?: string | null
    items?: {
      id: string
      title: string
      quantity: number
      unit_price: number
      variant_id?: string | null
      subtotal?: number
    }[]
    shipping_address?: {
      first_name?: string | null
      last_name?: string | null
      address_1?: string | null
      city?: string | null
      postal_code?: string | null
      country_code?: string | null
    } | null
    shipping_methods?: { id: string; price?: number; shipping_option?: { name?: string } | null }[]
    region?: { name?: string; currency_code?: string } | null
    subtotal?: number
    shipping_total?: number
    tax_total?: number
    discount_total?: number
    total?: number
  } | null
}

export function draftNumber(draft: Pick<DraftOrderView, 'id' | 'display_id'>): string {
  return `#${draft.display_id ?? draft.id}`
}

export function DraftStatusBadge({ status, t }: { status: DraftOrderView['status']; t: TFunction<'draft-orders'> }) {
  if (!status) return null
  return <StatusBadge tone={status === 'completed' ? 'success' : 'info'}>{t(`status.${status}`)}</StatusBadge>
}

/** The columns of the draft orders list; the number links to the draft, a placed one to its order. */
export function draftOrderColumns(t: TFunction<'draft-orders'>, language: string): ColumnDef<DraftOrderView>[] {
  return [
    {
      id: 'display_id',
      meta: { label: t('columns.draft') },
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={`/a/draft-orders/${row.original.id}`} className="font-medium text-gray-900 hover:text-violet-700">
          <bdi>{draftNumber(row.original)}</bdi>
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
          {row.original.cart?.email}
        </bdi>
      ),
    },
    {
      id: 'status',
      meta: { label: t('columns.status') },
      cell: ({ row }) => <DraftStatusBadge status={row.original.status} t={t} />,
    },
    {
      id: 'order',
      meta: { label: t('columns.order') },
      cell: ({ row }) =>
        row.original.order ? (
          <Link to={`/a/orders/${row.original.order.id}`} className="text-violet-700 hover:underline">
            <bdi>#{row.original.order.display_id}</bdi>
          </Link>
        ) : null,
    },
  ]
}
