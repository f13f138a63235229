import { adminStockLocationsKeys, useAdminStockLocations } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { StatusBadge } from '../../../components/status-badge'
import { useDeleteRecord } from '../../../lib/use-delete-record'
import { InventoryTabs } from '../components/inventory-tabs'
import { LocationChannelsModal } from './location-channels-modal'
import { LocationModal } from './location-modal'

interface LocationRow {
  id: string
  name: string
  sales_channels?: { id: string; name: string }[]
}

/** Stock locations with the sales channels they supply: create, rename, link channels, delete. */
export function StockLocations() {
  const { t } = useTranslation('inventory')
  const table = useTableQuery()
  const { offset, limit, order, q } = table.query
  const [creating, setCreating] = useState(false)
  const [renaming, setRenaming] = useState<LocationRow | null>(null)
  const [linking, setLinking] = useState<LocationRow | null>(null)
  const [deleting, setDeleting] = useState<LocationRow | null>(null)
  const {
    stock_locations,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminStockLocations(
    { limit, offset, expand: 'sales_channels', ...(order ? { order } : {}), ...(q ? { q } : {}) },
    { placeholderData: keepPreviousData },
  )
  const columns = useMemo<ColumnDef<LocationRow>[]>(
    () => [
      {
        id: 'name',
        meta: { label: t('locations.name'), sortKey: 'name' },
        enableHiding: false,
        cell: ({ row }) => <bdi className="font-medium">{row.original.name}</bdi>,
      },
      {
        id: 'channels',
        meta: { label: t('locations.channels') },
        cell: ({ row }) => {
          const channels = row.original.sales_channels ?? []
          return channels.length === 0 ? (
            <span className="text-gray-600">{t('locations.noChannels')}</span>
          ) : (
            <span className="flex flex-wrap gap-1">
              {channels.map((channel) => (
                <StatusBadge key={channel.id} tone="info">
                  <bdi>{channel.name}</bdi>
                </StatusBadge>
              ))}
            </span>
          )
        },
      },
    ],
    [t],
  )
  return (
    <section>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('locations.new')}
          </Button>
        }
      />
      <InventoryTabs />
      <DataTable<LocationRow>
        tableId="stock-locations"
        caption={t('tabs.locations')}
        columns={columns}
        data={(stock_locations ?? []) as LocationRow[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        table={table}
        searchLabel={t('locations.search')}
        rowActions={(row) => [
          { label: t('locations.editChannels'), onSelect: () => setLinking(row) },
          { label: t('locations.rename'), onSelect: () => setRenaming(row) },
          { label: t('locations.delete'), onSelect: () => setDeleting(row), danger: true },
        ]}
        empty={{
          title: t('locations.emptyTitle'),
          message: t('locations.emptyMessage'),
          action: (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('locations.new')}
            </Button>
          ),
        }}
      />
      <LocationModal open={creating} onClose={() => setCreating(false)} />
      <LocationModal open={renaming !== null} location={renaming ?? undefined} onClose={() => setRenaming(null)} />
      {linking && (
        <LocationChannelsModal
          location={{
            id: linking.id,
            name: linking.name,
            channelIds: (linking.sales_channels ?? []).map((channel) => channel.id),
          }}
          onClose={() => setLinking(null)}
        />
      )}
      {deleting && <DeleteLocationDialog location={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

function DeleteLocationDialog({ location, onClose }: { location: LocationRow; onClose: () => void }) {
  const { t } = useTranslation('inventory')
  const remove = useDeleteRecord(adminStockLocationsKeys, location.id, (client, id) =>
    client.admin.stockLocations.delete(id),
  )
  return (
    <ConfirmMutationDialog
      title={t('locations.deleteTitle')}
      message={t('locations.deleteMessage', { name: location.name })}
      confirmLabel={t('locations.delete')}
      mutation={{ mutateAsync: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
      successMessage={t('locations.deleted', { name: location.name })}
      onClose={onClose}
    />
  )
}
