import { adminCustomerGroupKeys, useAdminCustomerGroups } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { formatDate } from '../../../lib/format-date'
import { useDeleteRecord } from '../../../lib/use-delete-record'
import { GroupModal } from '../components/group-modal'

interface GroupRow {
  id: string
  name: string
  created_at?: string | Date
}

/** Customer groups: search, sort, create, rename and delete. */
export function GroupList() {
  const { t, i18n } = useTranslation(['customers', 'common'])
  const navigate = useNavigate()
  const table = useTableQuery()
  const { q, offset, limit, order } = table.query
  const [creating, setCreating] = useState(false)
  const [renaming, setRenaming] = useState<GroupRow | null>(null)
  const [deleting, setDeleting] = useState<GroupRow | null>(null)
  const {
    customer_groups,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminCustomerGroups(
    { limit, offset, ...(q ? { q } : {}), ...(order ? { order } : {}) },
    { placeholderData: keepPreviousData },
  )
  const columns = useMemo<ColumnDef<GroupRow>[]>(
    () => [
      {
        id: 'name',
        meta: { label: t('groups.name'), sortKey: 'name' },
        enableHiding: false,
        cell: ({ row }) => (
          <Link to={row.original.id} className="font-medium text-gray-900 hover:text-violet-700">
            <bdi>{row.original.name}</bdi>
          </Link>
        ),
      },
      {
        id: 'created_at',
        meta: { label: t('columns.created'), sortKey: 'created_at' },
        cell: ({ row }) => <span className="text-gray-600">{formatDate(row.original.created_at, i18n.language)}</span>,
      },
    ],
    [t, i18n.language],
  )
  return (
    <section>
      <Link to="/a/customers" className="mb-4 inline-block text-sm text-gray-600 hover:text-gray-900">
        ← {t('detail.back')}
      </Link>
      <PageHeader
        title={t('groups.title')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('groups.new')}
          </Button>
        }
      />
      <DataTable<GroupRow>
        tableId="customer-groups"
        caption={t('groups.title')}
        columns={columns}
        data={(customer_groups ?? []) as GroupRow[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        table={table}
        searchLabel={t('groups.search')}
        rowActions={(row) => [
          { label: t('actions.open'), onSelect: () => navigate(row.id) },
          { label: t('groups.rename'), onSelect: () => setRenaming(row) },
          { label: t('groups.delete'), onSelect: () => setDeleting(row), danger: true },
        ]}
        empty={{
          title: t('groups.emptyTitle'),
          message: t('groups.emptyMessage'),
          action: (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('groups.new')}
            </Button>
          ),
        }}
      />
      <GroupModal open={creating} onClose={() => setCreating(false)} onSaved={(id) => navigate(id)} />
      <GroupModal open={renaming !== null} group={renaming ?? undefined} onClose={() => setRenaming(null)} />
      {deleting && <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

export function DeleteGroupDialog({
  group,
  onClose,
  onDeleted,
}: {
  group: GroupRow
  onClose: () => void
  onDeleted?: () => void
}) {
  const { t } = useTranslation('customers')
  const remove = useDeleteRecord(adminCustomerGroupKeys, group.id, (client, id) =>
    client.admin.customerGroups.delete(id),
  )
  return (
    <ConfirmMutationDialog
      title={t('groups.deleteTitle')}
      message={t('groups.deleteMessage', { name: group.name })}
      confirmLabel={t('groups.delete')}
      mutation={{ mutateAsync: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
      successMessage={t('groups.deleted', { name: group.name })}
      onSuccess={onDeleted}
      onClose={onClose}
    />
  )
}
