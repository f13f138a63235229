import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import * as Popover from '@radix-ui/react-popover'
import type { Table } from '@tanstack/react-table'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { InputField } from '../inputs/input-field'
import { SearchField } from '../inputs/search-field'
import { withView, type SavedView } from './saved-views'
import type { TableQueryController } from './use-table-query'

/** A filter offered by a list: one URL key, one value chosen among options. */
export interface TableFilter {
  key: string
  label: string
  options: readonly { value: string; label: string }[]
}

const MENU = 'z-50 min-w-48 rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg'
const ITEM =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-gray-100'

export function FilterMenu({ filters, table }: { filters: readonly TableFilter[]; table: TableQueryController }) {
  const { t } = useTranslation('ui')
  const unused = filters.filter((filter) => !table.query.filters[filter.key])
  if (unused.length === 0) return null
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button>{t('table.addFilter')}</Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={4} className={MENU}>
          {unused.map((filter) => (
            <DropdownMenu.Sub key={filter.key}>
              <DropdownMenu.SubTrigger className={`${ITEM} justify-between`}>
                {filter.label} <span aria-hidden>›</span>
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className={MENU} sideOffset={4}>
                  {filter.options.map((option) => (
                    <DropdownMenu.Item
                      key={option.value}
                      className={ITEM}
                      onSelect={() => table.setFilter(filter.key, option.value)}
                    >
                      {option.label}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The filters in force as removable chips. */
export function FilterChips({ filters, table }: { filters: readonly TableFilter[]; table: TableQueryController }) {
  const { t } = useTranslation('ui')
  const active = filters.filter((filter) => table.query.filters[filter.key])
  if (active.length === 0) return null
  return (
    <ul aria-label={t('table.activeFilters')} className="flex flex-wrap items-center gap-2">
      {active.map((filter) => {
        const value = table.query.filters[filter.key]
        const valueLabel = filter.options.find((option) => option.value === value)?.label ?? value
        const text = `${filter.label}: ${valueLabel}`
        return (
          <li
            key={filter.key}
            className="inline-flex items-center gap-1 rounded-full border border-gray-200 bg-white py-0.5 ps-3 pe-1 text-xs"
          >
            <bdi>{text}</bdi>
            <button
              type="button"
              aria-label={t('table.removeFilter', { filter: text })}
              onClick={() => table.setFilter(filter.key, '')}
              className="inline-flex h-5 w-5 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100"
            >
              ×
            </button>
          </li>
        )
      })}
      <li>
        <button type="button" onClick={table.clearFilters} className="text-xs font-medium text-violet-700 underline">
          {t('table.clearFilters')}
        </button>
      </li>
    </ul>
  )
}

export function ColumnsMenu<Row>({ table }: { table: Table<Row> }) {
  const { t } = useTranslation('ui')
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide())
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button>{t('table.columns')}</Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={MENU}>
          {hideable.map((column) => (
            <DropdownMenu.CheckboxItem
              key={column.id}
              className={ITEM}
              checked={column.getIsVisible()}
              onCheckedChange={(visible) => column.toggleVisibility(visible)}
              onSelect={(event) => event.preventDefault()}
            >
              <span aria-hidden className="w-4">
                {column.getIsVisible() ? '✓' : ''}
              </span>
              {String(column.columnDef.meta?.label ?? column.id)}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

interface ViewsMenuProps {
  views: readonly SavedView[]
  onChange: (views: SavedView[]) => void
  table: TableQueryController
}

/** Saved views: apply one, save the current state under a name, delete one. */
export function ViewsMenu({ views, onChange, table }: ViewsMenuProps) {
  const { t } = useTranslation('ui')
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const save = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) return
    // The page is not part of a view: it opens on its first page.
    const search = new URLSearchParams(table.search)
    search.delete('offset')
    onChange(withView(views, { name: trimmed, search: search.toString() }))
    setName('')
  }
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button>{t('table.views')}</Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={t('table.views')}
          className="z-50 w-72 rounded-md border border-gray-200 bg-white p-3 text-gray-900 shadow-lg"
        >
          {views.length === 0 ? (
            <p className="mb-3 text-sm text-gray-500">{t('table.noViews')}</p>
          ) : (
            <ul className="mb-3 flex flex-col gap-1">
              {views.map((view) => (
                <li key={view.name} className="flex items-center justify-between gap-2">
                  <button
                    type="button"
                    className="min-w-0 flex-1 truncate rounded px-2 py-1 text-start text-sm hover:bg-gray-100"
                    onClick={() => {
                      table.applySearch(view.search)
                      setOpen(false)
                    }}
                  >
                    {view.name}
                  </button>
                  <button
                    type="button"
                    aria-label={t('table.deleteView', { name: view.name })}
                    className="h-6 w-6 rounded text-gray-500 hover:bg-gray-100"
                    onClick={() => onChange(views.filter((other) => other.name !== view.name))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={save} className="flex items-end gap-2 border-t border-gray-200 pt-3">
            <InputField
              className="flex-1"
              label={t('table.viewName')}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" variant="primary">
              {t('table.saveView')}
            </Button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

export function TableSearch({ label, table }: { label: string; table: TableQueryController }) {
  return <SearchField className="w-full sm:max-w-xs" label={label} value={table.query.q} onChange={table.setSearch} />
}
