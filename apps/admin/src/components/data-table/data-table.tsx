import { useAdminGetSession } from '@emporium/react'
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu, type ActionMenuItem } from '../action-menu'
import { Button } from '../button'
import { EmptyState } from '../empty-state'
import { QueryState } from '../query-state'
import { tableStorageKey, useStoredState, type SavedView } from './saved-views'
import { ColumnsMenu, FilterChips, FilterMenu, TableSearch, ViewsMenu, type TableFilter } from './table-toolbar'
import { TablePagination } from './table-pagination'
import type { TableQueryController } from './use-table-query'

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the header and the columns menu. */
    label: string
    /** The API field the list sorts by when this header is chosen; without it, not sortable. */
    sortKey?: string
    /** Cell classes, e.g. 'text-end' for amounts. */
    className?: string
  }
}

export interface DataTableProps<Row> {
  /** Names the table's saved views and columns in local storage. */
  tableId: string
  caption: string
  columns: ColumnDef<Row, never>[] | ColumnDef<Row>[]
  data: readonly Row[]
  count: number
  isLoading: boolean
  error?: unknown
  onRetry?: () => void
  getRowId: (row: Row) => string
  /** The row's name for screen readers (selection box, actions menu). */
  getRowLabel: (row: Row) => string
  table: TableQueryController
  searchLabel?: string
  filters?: readonly TableFilter[]
  /** With selected rows: the bulk action buttons. `clear` empties the selection. */
  bulkActions?: (selectedIds: string[], clear: () => void) => ReactNode
  rowActions?: (row: Row) => ActionMenuItem[]
  /** More filter controls beside the search (a date range…), bound to the screen's URL keys. */
  toolbar?: ReactNode
  empty: { title: string; message?: string; action?: ReactNode }
}

const SKELETON_ROWS = 5

function ariaSort(order: string, sortKey: string | undefined): 'ascending' | 'descending' | undefined {
  if (!sortKey) return undefined
  if (order === sortKey) return 'ascending'
  if (order === `-${sortKey}`) return 'descending'
  return undefined
}

/** None → ascending → descending → none. */
function nextOrder(order: string, sortKey: string): string {
  if (order === sortKey) return `-${sortKey}`
  if (order === `-${sortKey}`) return ''
  return sortKey
}

/**
 * The admin's list: server-side search, filters, sort and pages kept in the URL; columns to show
 * and saved views kept per user in local storage; row selection with bulk actions; a "…" menu per row.
 */
export function DataTable<Row>({
  tableId,
  caption,
  columns,
  data,
  count,
  isLoading,
  error,
  onRetry,
  getRowId,
  getRowLabel,
  table: controller,
  searchLabel,
  filters = [],
  bulkActions,
  rowActions,
  toolbar,
  empty,
}: DataTableProps<Row>) {
  const { t } = useTranslation('ui')
  const { user } = useAdminGetSession()
  const userId = user?.id ?? 'anonymous'
  const [columnVisibility, setColumnVisibility] = useStoredState<VisibilityState>(
    tableStorageKey(userId, tableId, 'columns'),
    {},
  )
  const [views, setViews] = useStoredState<SavedView[]>(tableStorageKey(userId, tableId, 'views'), [])
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  // A new page, search or filter clears the selection: bulk actions act on what is on screen.
  const [selectionScope, setSelectionScope] = useState(controller.search)
  if (selectionScope !== controller.search) {
    setSelectionScope(controller.search)
    setRowSelection({})
  }

  const table = useReactTable<Row>({
    data: data as Row[],
    columns: columns as ColumnDef<Row>[],
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableRowSelection: Boolean(bulkActions),
    state: { columnVisibility, rowSelection },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : updater),
    onRowSelectionChange: setRowSelection,
  })

  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id])
  const visibleColumns = table.getVisibleLeafColumns()
  const columnCount = visibleColumns.length + (bulkActions ? 1 : 0) + (rowActions ? 1 : 0)
  const { order, q, filters: activeFilters } = controller.query
  const narrowed = q !== '' || Object.keys(activeFilters).length > 0
  const clearSelection = () => setRowSelection({})

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        {searchLabel && <TableSearch label={searchLabel} table={controller} />}
        {toolbar}
        <div className="flex flex-wrap items-center gap-2 sm:ms-auto">
          <FilterMenu filters={filters} table={controller} />
          <ColumnsMenu table={table} />
          <ViewsMenu views={views} onChange={setViews} table={controller} />
        </div>
      </div>
      <FilterChips filters={filters} table={controller} />
      {bulkActions && selectedIds.length > 0 && (
        <div
          role="region"
          aria-label={t('table.bulkActions')}
          className="flex flex-wrap items-center gap-2 rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm"
        >
          <span className="font-medium">{t('table.selected', { count: selectedIds.length })}</span>
          {bulkActions(selectedIds, clearSelection)}
          <Button variant="ghost" onClick={clearSelection} className="ms-auto">
            {t('table.clearSelection')}
          </Button>
        </div>
      )}
      <QueryState isLoading={false} error={error} onRetry={onRetry}>
        {!isLoading && data.length === 0 ? (
          narrowed ? (
            <EmptyState
              title={t('table.noResults')}
              message={t('table.noResultsMessage')}
              action={<Button onClick={controller.clearFilters}>{t('table.clearFilters')}</Button>}
            />
          ) : (
            <EmptyState {...empty} />
          )
        ) : (
          // Focusable and named, so a keyboard user can scroll a table wider than the screen.
          // Positioned, so the screen-reader-only texts inside (absolutely placed) scroll with the
          // table instead of widening the page.
          <div
            role="region"
            aria-label={caption}
            tabIndex={0}
            className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white"
          >
            <table className="w-full text-start text-sm" aria-busy={isLoading || undefined}>
              <caption className="sr-only">{caption}</caption>
              <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600">
                <tr>
                  {bulkActions && (
                    <th scope="col" className="w-10 px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={t('table.selectAll')}
                        className="h-4 w-4 accent-violet-600"
                        checked={table.getIsAllRowsSelected()}
                        ref={(box) => {
                          if (box) box.indeterminate = table.getIsSomeRowsSelected()
                        }}
                        onChange={table.getToggleAllRowsSelectedHandler()}
                      />
                    </th>
                  )}
                  {visibleColumns.map((column) => {
                    const meta = column.columnDef.meta
                    const sortKey = meta?.sortKey
                    const sorted = ariaSort(order, sortKey)
                    return (
                      <th
                        key={column.id}
                        scope="col"
                        aria-sort={sortKey ? (sorted ?? 'none') : undefined}
                        className={`px-3 py-2 text-start font-medium whitespace-nowrap ${meta?.className ?? ''}`}
                      >
                        {sortKey ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 hover:text-gray-900"
                            onClick={() => controller.setOrder(nextOrder(order, sortKey))}
                          >
                            {meta?.label}
                            <span aria-hidden className="text-gray-400">
                              {sorted === 'ascending' ? '↑' : sorted === 'descending' ? '↓' : '↕'}
                            </span>
                          </button>
                        ) : (
                          meta?.label
                        )}
                      </th>
                    )
                  })}
                  {rowActions && (
                    <th scope="col" className="w-12 px-3 py-2">
                      <span className="sr-only">{t('table.actions')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {isLoading
                  ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                      <tr key={index} data-testid="skeleton-row">
                        {Array.from({ length: columnCount }, (_, cell) => (
                          <td key={cell} className="px-3 py-3">
                            <span aria-hidden className="block h-3 animate-pulse rounded bg-gray-200" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : table.getRowModel().rows.map((row) => (
                      <tr key={row.id} className={row.getIsSelected() ? 'bg-violet-50' : 'hover:bg-gray-50'}>
                        {bulkActions && (
                          <td className="px-3 py-2">
                            <input
                              type="checkbox"
                              aria-label={t('table.selectRow', { name: getRowLabel(row.original) })}
                              className="h-4 w-4 accent-violet-600"
                              checked={row.getIsSelected()}
                              onChange={row.getToggleSelectedHandler()}
                            />
                          </td>
                        )}
                        {row.getVisibleCells().map((cell) => (
                          <td
                            key={cell.id}
                            className={`px-3 py-2 align-middle ${cell.column.columnDef.meta?.className ?? ''}`}
                          >
                            {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          </td>
                        ))}
                        {rowActions && (
                          <td className="px-3 py-1 text-end">
                            <ActionMenu
                              label={t('table.rowActions', { name: getRowLabel(row.original) })}
                              items={rowActions(row.original)}
                            />
                          </td>
                        )}
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <TablePagination count={count} table={controller} />
    </div>
  )
}
