import {
  adminReservationsKeys,
  useAdminInventoryItems,
  useAdminReservations,
  useAdminStockLocations,
} from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { formatDate } from '../../../lib/format-date'
import { useDeleteRecord } from '../../../lib/use-delete-record'
import { InventoryTabs } from '../components/inventory-tabs'
import { ReservationModal } from './reservation-modal'

interface ReservationRow {
  id: string
  inventory_item_id: string
  location_id: string
  quantity: number
  description?: string | null
  line_item_id?: string | null
  created_at?: string | Date
}

const FILTER_KEYS = ['location_id'] as const

/** Units held back from sale: by orders (with a line item) or by hand. */
export function Reservations() {
  const { t, i18n } = useTranslation('inventory')
  const table = useTableQuery(FILTER_KEYS)
  const { offset, limit, order, filters } = table.query
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<ReservationRow | null>(null)
  const {
    reservations,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminReservations(
    {
      limit,
      offset,
      ...(order ? { order } : {}),
      ...(filters.location_id ? { location_id: [filters.location_id] } : {}),
    },
    { placeholderData: keepPreviousData },
  )
  const { stock_locations: locations = [] } = useAdminStockLocations({ limit: 50 })
  const itemIds = [...new Set((reservations ?? []).map((reservation) => reservation.inventory_item_id))]
  const { inventory_items: items = [] } = useAdminInventoryItems(
    { id: itemIds, limit: itemIds.length },
    { enabled: itemIds.length > 0 },
  )
  const columns = useMemo<ColumnDef<ReservationRow>[]>(() => {
    const itemName = (id: string) => {
      const item = items.find((candidate) => candidate.id === id)
      return item?.title || item?.sku || id
    }
    const locationName = (id: string) => locations.find((location) => location.id === id)?.name ?? id
    return [
      {
        id: 'item',
        meta: { label: t('items.item') },
        enableHiding: false,
        cell: ({ row }) => <bdi className="font-medium">{itemName(row.original.inventory_item_id)}</bdi>,
      },
      {
        id: 'location',
        meta: { label: t('items.location') },
        cell: ({ row }) => <bdi>{locationName(row.original.location_id)}</bdi>,
      },
      {
        id: 'quantity',
        meta: { label: t('reservations.quantity'), sortKey: 'quantity', className: 'text-end' },
        cell: ({ row }) => row.original.quantity,
      },
      {
        id: 'description',
        meta: { label: t('reservations.description') },
        cell: ({ row }) => row.original.description ?? (row.original.line_item_id ? t('reservations.forOrder') : '—'),
      },
      {
        id: 'created_at',
        meta: { label: t('reservations.created_at'), sortKey: 'created_at' },
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDate(row.original.created_at, i18n.language)}</span>
        ),
      },
    ]
  }, [t, i18n.language, items, locations])
  return (
    <section>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('reservations.new')}
          </Button>
        }
      />
      <InventoryTabs />
      <DataTable<ReservationRow>
        tableId="reservations"
        caption={t('tabs.reservations')}
        columns={columns}
        data={(reservations ?? []) as ReservationRow[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.description ?? row.id}
        table={table}
        filters={[
          {
            key: 'location_id',
            label: t('items.location'),
            options: locations.map((location) => ({ value: location.id, label: location.name ?? '' })),
          },
        ]}
        rowActions={(row) => [{ label: t('reservations.delete'), danger: true, onSelect: () => setDeleting(row) }]}
        empty={{
          title: t('reservations.emptyTitle'),
          message: t('reservations.emptyMessage'),
          action: (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('reservations.new')}
            </Button>
          ),
        }}
      />
      <ReservationModal open={creating} onClose={() => setCreating(false)} />
      {deleting && <DeleteReservationDialog reservation={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

function DeleteReservationDialog({ reservation, onClose }: { reservation: ReservationRow; onClose: () => void }) {
  const { t } = useTranslation('inventory')
  const remove = useDeleteRecord(adminReservationsKeys, reservation.id, (client, id) =>
    client.admin.reservations.delete(id),
  )
  return (
    <ConfirmMutationDialog
      title={t('reservations.deleteTitle')}
      message={t('reservations.deleteMessage', { count: reservation.quantity })}
      confirmLabel={t('reservations.delete')}
      mutation={{ mutateAsync: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
      successMessage={t('reservations.deleted')}
      onClose={onClose}
    />
  )
}
