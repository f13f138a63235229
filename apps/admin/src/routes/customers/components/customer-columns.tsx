import type { ColumnDef } from '@tanstack/react-table'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { StatusBadge } from '../../../components/status-badge'
import { formatDate } from '../../../lib/format-date'
import { customerName } from './customer-name'

export interface CustomerRow {
  id: string
  email: string
  first_name?: string | null
  last_name?: string | null
  has_account?: boolean
  created_at?: string | Date
}

/** The columns of every customer list: the customers page and a group's members. */
export function customerColumns(t: TFunction<'customers'>, language: string): ColumnDef<CustomerRow>[] {
  return [
    {
      id: 'name',
      meta: { label: t('columns.name'), sortKey: 'first_name' },
      enableHiding: false,
      cell: ({ row }) => (
        <Link to={`/a/customers/${row.original.id}`} className="font-medium text-gray-900 hover:text-violet-700">
          <bdi>{customerName(row.original)}</bdi>
        </Link>
      ),
    },
    {
      id: 'email',
      meta: { label: t('columns.email'), sortKey: 'email' },
      cell: ({ row }) => (
        <bdi dir="ltr" className="text-gray-600">
          {row.original.email}
        </bdi>
      ),
    },
    {
      id: 'account',
      meta: { label: t('columns.account') },
      cell: ({ row }) =>
        row.original.has_account ? (
          <StatusBadge tone="success">{t('account.registered')}</StatusBadge>
        ) : (
          <StatusBadge>{t('account.guest')}</StatusBadge>
        ),
    },
    {
      id: 'created_at',
      meta: { label: t('columns.created'), sortKey: 'created_at' },
      cell: ({ row }) => (
        <span className="whitespace-nowrap text-gray-600">{formatDate(row.original.created_at, language)}</span>
      ),
    },
  ]
}
