import { useAdminInventoryItems, useAdminStockLocations } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '../../../components/data-table/data-table'
import { useTableQuery } from '../../../components/data-table/use-table-query'
import { PageHeader } from '../../../components/page-header'
import { InventoryTabs } from '../components/inventory-tabs'
import { StockCell } from './stock-cell'

interface ItemRow {
  id: string
  title?: string | null
  sku?: string | null
  stocked_quantity: number
  reserved_quantity: number
  location_levels: { location_id: string; stocked_quantity: number; available_quantity: number }[]
  variants?: { id: string; title: string; product_id: string }[]
}

const FILTER_KEYS = ['location_id'] as const

function itemLabel(item: ItemRow): string {
  return item.title || item.sku || item.id
}

/** Inventory items with their stock at every location, edited in place. */
export function InventoryItems() {
  const { t } = useTranslation('inventory')
  const table = useTableQuery(FILTER_KEYS)
  const { q, offset, limit, order, filters } = table.query
  const { stock_locations: locations = [] } = useAdminStockLocations({ limit: 50 })
  const {
    inventory_items,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminInventoryItems(
    {
      limit,
      offset,
      expand: 'variants',
      ...(q ? { q } : {}),
      ...(order ? { order } : {}),
      ...(filters.location_id ? { location_id: [filters.location_id] } : {}),
    },
    { placeholderData: keepPreviousData },
  )
  const columns = useMemo<ColumnDef<ItemRow>[]>(
    () => [
      {
        id: 'title',
        meta: { label: t('items.item'), sortKey: 'title' },
        enableHiding: false,
        cell: ({ row }) => {
          const variant = row.original.variants?.[0]
          const title = <bdi className="font-medium text-gray-900">{itemLabel(row.original)}</bdi>
          return variant ? (
            <Link to={`/a/products/${variant.product_id}`} className="hover:text-violet-700">
              {title}
            </Link>
          ) : (
            title
          )
        },
      },
      {
        id: 'sku',
        meta: { label: t('items.sku'), sortKey: 'sku' },
        cell: ({ row }) => (
          <bdi dir="ltr" className="text-gray-600">
            {row.original.sku ?? '—'}
          </bdi>
        ),
      },
      {
        id: 'reserved',
        meta: { label: t('items.reserved'), className: 'text-end' },
        cell: ({ row }) => row.original.reserved_quantity,
      },
      ...locations.map((location): ColumnDef<ItemRow> => ({
        id: `location:${location.id}`,
        meta: { label: location.name ?? '', className: 'text-end' },
        cell: ({ row }) => {
          const level = row.original.location_levels.find((candidate) => candidate.location_id === location.id)
          return (
            <StockCell
              itemId={row.original.id}
              itemLabel={itemLabel(row.original)}
              locationId={location.id}
              locationName={location.name ?? ''}
              stocked={level?.stocked_quantity}
              available={level?.available_quantity}
            />
          )
        },
      })),
    ],
    [t, locations],
  )
  return (
    <section>
      <PageHeader title={t('title')} />
      <InventoryTabs />
      <DataTable<ItemRow>
        tableId="inventory-items"
        caption={t('tabs.items')}
        columns={columns}
        data={(inventory_items ?? []) as ItemRow[]}
        count={count}
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        getRowId={(row) => row.id}
        getRowLabel={itemLabel}
        table={table}
        searchLabel={t('items.search')}
        filters={[
          {
            key: 'location_id',
            label: t('items.location'),
            options: locations.map((location) => ({ value: location.id, label: location.name ?? '' })),
          },
        ]}
        empty={{
          title: t('items.emptyTitle'),
          message: t('items.emptyMessage'),
          action: (
            <Link to="/a/products" className="text-sm font-medium text-violet-700 underline">
              {t('items.toProducts')}
            </Link>
          ),
        }}
      />
    </section>
  )
}
