import {
  useAdminCustomerGroup,
  useAdminCustomerGroupCustomers,
  useAdminRemoveCustomersFromCustomerGroup,
} from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ActionMenu } from '../../../components/action-menu'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { AddMembersModal } from '../components/add-members-modal'
import { customerColumns, type CustomerRow } from '../components/customer-columns'
import { customerName } from '../components/customer-name'
import { GroupModal } from '../components/group-modal'
import { DeleteGroupDialog } from '../group-list/group-list'

/** A customer group: its members with search and bulk removal, adding members, rename and delete. */
export function GroupDetail() {
  const { t } = useTranslation('customers')
  const { id = '' } = useParams()
  const { customer_group: group, isLoading, error, refetch } = useAdminCustomerGroup(id)
  return (
    <section>
      <Link to="/a/customers/groups" className="mb-4 inline-block text-sm text-gray-600 hover:text-gray-900">
        ← {t('groups.back')}
      </Link>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {group && <GroupPage group={{ id: group.id, name: group.name ?? '' }} />}
      </QueryState>
    </section>
  )
}

function GroupPage({ group }: { group: { id: string; name: string } }) {
  const { t, i18n } = useTranslation('customers')
  const navigate = useNavigate()
  const table = useTableQuery()
  const { q, offset, limit, order } = table.query
  const [adding, setAdding] = useState(false)
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [removing, setRemoving] = useState<{ ids: string[]; clear: () => void } | null>(null)
  const {
    customers,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminCustomerGroupCustomers(
    group.id,
    { limit, offset, ...(q ? { q } : {}), ...(order ? { order } : {}) },
    { placeholderData: keepPreviousData },
  )
  const remove = useAdminRemoveCustomersFromCustomerGroup(group.id)
  const columns = useMemo(() => customerColumns(t, i18n.language), [t, i18n.language])
  return (
    <>
      <PageHeader
        title={group.name}
        actions={
          <>
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t('members.add')}
            </Button>
            <ActionMenu
              label={t('groups.actionsFor', { name: group.name })}
              items={[
                { label: t('groups.rename'), onSelect: () => setRenaming(true) },
                { label: t('groups.delete'), onSelect: () => setDeleting(true), danger: true },
              ]}
            />
          </>
        }
      />
      <h2 className="mb-3 text-lg font-semibold">{t('members.title')}</h2>
      <DataTable<CustomerRow>
        tableId="customer-group-members"
        caption={t('members.title')}
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
        bulkActions={(ids, clear) => (
          <Button variant="danger" onClick={() => setRemoving({ ids, clear })}>
            {t('members.remove')}
          </Button>
        )}
        rowActions={(row) => [
          { label: t('actions.open'), onSelect: () => navigate(`/a/customers/${row.id}`) },
          {
            label: t('members.removeOne'),
            danger: true,
            onSelect: () => setRemoving({ ids: [row.id], clear: () => {} }),
          },
        ]}
        empty={{
          title: t('members.emptyTitle'),
          message: t('members.emptyMessage'),
          action: (
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t('members.add')}
            </Button>
          ),
        }}
      />
      <AddMembersModal groupId={group.id} open={adding} onClose={() => setAdding(false)} />
      <GroupModal open={renaming} group={group} onClose={() => setRenaming(false)} />
      {deleting && (
        <DeleteGroupDialog
          group={group}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate('/a/customers/groups', { replace: true })}
        />
      )}
      <ConfirmMutationDialog
        open={removing !== null}
        title={t('members.removeTitle')}
        message={t('members.removeMessage', { count: removing?.ids.length ?? 0, group: group.name })}
        confirmLabel={t('members.remove')}
        mutation={{
          mutateAsync: () => remove.mutateAsync({ customer_ids: (removing?.ids ?? []).map((id) => ({ id })) }),
          isPending: remove.isPending,
        }}
        successMessage={t('members.removed', { count: removing?.ids.length ?? 0 })}
        onSuccess={() => removing?.clear()}
        onClose={() => setRemoving(null)}
      />
    </>
  )
}
