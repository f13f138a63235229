import { useAdminCollections } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { PageHeader } from '../../../components/page-header'
import { CollectionModal } from '../components/collection-modal'

interface CollectionRow {
  id: string
  title: string
  handle?: string | null
}

/** Collections with search, sort and pages kept in the URL, and the create modal. */
export function CollectionList() {
  const { t } = useTranslation('collections')
  const navigate = useNavigate()
  const table = useTableQuery()
  const { q, offset, limit, order } = table.query
  const [creating, setCreating] = useState(false)
  const {
    collections,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminCollections(
    { limit, offset, ...(q ? { q } : {}), ...(order ? { order } : {}) },
    // While a new search or page loads, the previous rows stay instead of a spinner.
    { placeholderData: keepPreviousData },
  )
  const columns = useMemo<ColumnDef<CollectionRow>[]>(
    () => [
      {
        id: 'title',
        meta: { label: t('list.columns.title'), sortKey: 'title' },
        enableHiding: false,
        cell: ({ row }) => (
          <Link to={row.original.id} className="font-medium text-gray-900 hover:text-violet-700">
            <bdi>{row.original.title}</bdi>
          </Link>
        ),
      },
      {
        id: 'handle',
        meta: { label: t('list.columns.handle'), sortKey: 'handle' },
        cell: ({ row }) => (
          <bdi dir="ltr" className="text-gray-600">
            /{row.original.handle}
          </bdi>
        ),
      },
    ],
    [t],
  )
  const create = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      {t('actions.new')}
    </Button>
  )
  return (
    <section>
      <PageHeader title={t('list.title')} actions={create} />
      <DataTable<CollectionRow>
        tableId="collections"
        caption={t('list.title')}
        columns={columns}
        data={(collections ?? []) as CollectionRow[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.title}
        table={table}
        searchLabel={t('list.search')}
        empty={{ title: t('list.empty'), action: create }}
      />
      <CollectionModal open={creating} onClose={() => setCreating(false)} onSaved={(id) => navigate(id)} />
    </section>
  )
}
