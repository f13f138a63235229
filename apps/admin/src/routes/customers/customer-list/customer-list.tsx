import { useAdminCustomerGroups, useAdminCustomers } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { DateRangePicker } from '../../../components/inputs/date-picker'
import { PageHeader } from '../../../components/page-header'
import { AddToGroupModal } from '../components/add-to-group-modal'
import { customerColumns, type CustomerRow } from '../components/customer-columns'
import { CustomerCreateModal } from '../components/customer-create-modal'
import { customerName } from '../components/customer-name'

const FILTER_KEYS = ['has_account', 'groups', 'created_from', 'created_to'] as const

/** Customers with search, account and group filters, sort, and adding a selection to a group. */
export function CustomerList() {
  const { t, i18n } = useTranslation('customers')
  const navigate = useNavigate()
  const table = useTableQuery(FILTER_KEYS)
  const { q, offset, limit, order, filters } = table.query
  const [creating, setCreating] = useState(false)
  const [grouping, setGrouping] = useState<{ ids: string[]; clear: () => void } | null>(null)
  const {
    customers,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminCustomers(
    {
      limit,
      offset,
      ...(q ? { q } : {}),
      ...(order ? { order } : {}),
      ...(filters.has_account ? { has_account: filters.has_account === 'true' } : {}),
      ...(filters.groups ? { groups: [filters.groups] } : {}),
      ...(filters.created_from || filters.created_to
        ? {
            created_at: {
              ...(filters.created_from ? { gte: filters.created_from } : {}),
              // The whole last day counts.
              ...(filters.created_to ? { lte: `${filters.created_to}T23:59:59.999Z` } : {}),
            },
          }
        : {}),
    },
    // While a new search or page loads, the previous rows stay.
    { placeholderData: keepPreviousData },
  )
  const { customer_groups: groups = [] } = useAdminCustomerGroups({ limit: 100, order: 'name' })
  const columns = useMemo(() => customerColumns(t, i18n.language), [t, i18n.language])
  return (
    <section>
      <PageHeader
        title={t('list.title')}
        actions={
          <>
            <Link
              to="/a/customers/groups"
              className="inline-flex items-center rounded-md border border-gray-200 bg-white px-3 py-1.5 text-sm font-medium text-gray-900 hover:bg-gray-50"
            >
              {t('groups.title')}
            </Link>
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('actions.new')}
            </Button>
          </>
        }
      />
      <DataTable<CustomerRow>
        tableId="customers"
        caption={t('list.title')}
        columns={columns}
        data={(customers ?? []) as CustomerRow[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={customerName}
        table={table}
        searchLabel={t('list.search')}
        toolbar={
          <DateRangePicker
            label={t('columns.created')}
            value={{ from: filters.created_from ?? '', to: filters.created_to ?? '' }}
            onChange={(range) => {
              if (range.from !== (filters.created_from ?? '')) table.setFilter('created_from', range.from)
              if (range.to !== (filters.created_to ?? '')) table.setFilter('created_to', range.to)
            }}
          />
        }
        filters={[
          {
            key: 'has_account',
            label: t('columns.account'),
            options: [
              { value: 'true', label: t('account.registered') },
              { value: 'false', label: t('account.guest') },
            ],
          },
          {
            key: 'groups',
            label: t('groups.group'),
            options: groups.map((group) => ({ value: group.id, label: group.name ?? '' })),
          },
        ]}
        bulkActions={(ids, clear) => (
          <Button onClick={() => setGrouping({ ids, clear })}>{t('bulk.addToGroup')}</Button>
        )}
        rowActions={(row) => [{ label: t('actions.open'), onSelect: () => navigate(`/a/customers/${row.id}`) }]}
        empty={{
          title: t('list.emptyTitle'),
          message: t('list.emptyMessage'),
          action: (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('actions.new')}
            </Button>
          ),
        }}
      />
      <CustomerCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => navigate(`/a/customers/${id}`)}
      />
      <AddToGroupModal
        open={grouping !== null}
        customerIds={grouping?.ids ?? []}
        onClose={() => setGrouping(null)}
        onAdded={() => grouping?.clear()}
      />
    </section>
  )
}
