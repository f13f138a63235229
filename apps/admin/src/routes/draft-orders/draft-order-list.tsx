import { useAdminDraftOrders } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/button'
import { DataTable } from '../../components/data-table/data-table'
import { useTableQuery } from '../../components/data-table/use-table-query'
import { PageHeader } from '../../components/page-header'
import { CreateDraftOrderModal } from './create/create-draft-order-modal'
import { draftNumber, draftOrderColumns, type DraftOrderView } from './draft-order-columns'

const FILTER_KEYS = ['status'] as const

/** Draft orders with search (e-mail, number) and a status filter; "Create draft order" opens the steps. */
export function DraftOrderList() {
  const { t, i18n } = useTranslation('draft-orders')
  const navigate = useNavigate()
  const [creating, setCreating] = useState(false)
  const table = useTableQuery(FILTER_KEYS)
  const { q, offset, limit, order, filters } = table.query
  const {
    draft_orders: drafts,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminDraftOrders(
    {
      limit,
      offset,
      ...(q ? { q } : {}),
      order: order || '-created_at',
      ...(filters.status ? { status: filters.status } : {}),
    } as Parameters<typeof useAdminDraftOrders>[0],
    { placeholderData: keepPreviousData },
  )
  const columns = useMemo(() => draftOrderColumns(t, i18n.language), [t, i18n.language])
  const create = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      {t('actions.create')}
    </Button>
  )
  return (
    <section>
      <PageHeader title={t('list.title')} actions={create} />
      <DataTable<DraftOrderView>
        tableId="draft-orders"
        caption={t('list.title')}
        columns={columns}
        data={(drafts ?? []) as DraftOrderView[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={draftNumber}
        table={table}
        searchLabel={t('list.search')}
        filters={[
          {
            key: 'status',
            label: t('columns.status'),
            options: (['open', 'completed'] as const).map((value) => ({ value, label: t(`status.${value}`) })),
          },
        ]}
        rowActions={(row) => [{ label: t('actions.open'), onSelect: () => navigate(`/a/draft-orders/${row.id}`) }]}
        empty={{ title: t('list.emptyTitle'), message: t('list.emptyMessage') }}
      />
      <CreateDraftOrderModal open={creating} onClose={() => setCreating(false)} />
    </section>
  )
}
