import { adminAuthKeys } from '@emporium/react'
import type { ColumnDef } from '@tanstack/react-table'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testProviders } from '../../testing/providers'
import { Button } from '../button'
import { DataTable } from './data-table'
import { tableStorageKey } from './saved-views'
import { useTableQuery } from './use-table-query'

interface Person {
  id: string
  name: string
  email: string
}

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Ada', email: 'ada@example.com' },
  { id: 'p2', name: 'Bo', email: 'bo@example.com' },
  { id: 'p3', name: 'Cy', email: 'cy@example.com' },
]

const columns: ColumnDef<Person>[] = [
  { id: 'name', accessorKey: 'name', meta: { label: 'Name', sortKey: 'name' }, enableHiding: false },
  { id: 'email', accessorKey: 'email', meta: { label: 'Email' } },
]

/** Shows the URL search so a test can read the state the table keeps there. */
function Location() {
  const { search } = useLocation()
  return <output aria-label="search">{search}</output>
}

function PeopleTable({
  rows,
  isLoading = false,
  onBulk,
}: {
  rows: Person[]
  isLoading?: boolean
  onBulk?: (ids: string[]) => void
}) {
  const table = useTableQuery(['group'])
  return (
    <>
      <DataTable
        tableId="people"
        caption="People"
        columns={columns}
        data={rows}
        count={rows.length}
        isLoading={isLoading}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.name}
        table={table}
        searchLabel="Search people"
        filters={[{ key: 'group', label: 'Group', options: [{ value: 'vip', label: 'VIP' }] }]}
        bulkActions={(ids, clear) => (
          <Button
            onClick={() => {
              onBulk?.(ids)
              clear()
            }}
          >
            Tag
          </Button>
        )}
        rowActions={(row) => [{ label: `Edit ${row.name}`, onSelect: () => {} }]}
        empty={{ title: 'No people yet', action: <Button>Add a person</Button> }}
      />
      <Location />
    </>
  )
}

function renderTable(props: Parameters<typeof PeopleTable>[0], initialEntry = '/people') {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminAuthKeys.details(), { user: { id: 'user_1', email: 'me@example.com' } })
  const router = createMemoryRouter([{ path: '/people', element: <PeopleTable {...props} /> }], {
    initialEntries: [initialEntry],
  })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { search: () => screen.getByRole('status', { name: 'search' }).textContent ?? '' }
}

afterEach(() => localStorage.clear())

describe('DataTable', () => {
  it('sorts by a column through the URL: ascending, descending, then the default', async () => {
    const { search } = renderTable({ rows: PEOPLE })
    const header = screen.getByRole('columnheader', { name: /Name/ })
    expect(header).toHaveAttribute('aria-sort', 'none')
    await userEvent.click(within(header).getByRole('button'))
    expect(search()).toBe('?order=name')
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
    await userEvent.click(within(header).getByRole('button'))
    expect(search()).toBe('?order=-name')
    await userEvent.click(within(header).getByRole('button'))
    expect(search()).toBe('')
  })

  it('hides a column and remembers it per user in local storage', async () => {
    renderTable({ rows: PEOPLE })
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }))
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: /Email/ }))
    expect(screen.queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(tableStorageKey('user_1', 'people', 'columns'))!)).toEqual({ email: false })
  })

  it('runs a bulk action on the selected rows and clears the selection', async () => {
    const onBulk = vi.fn()
    renderTable({ rows: PEOPLE, onBulk })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ada' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Cy' }))
    const bar = screen.getByRole('region', { name: 'Bulk actions' })
    expect(bar).toHaveTextContent('2 selected')
    await userEvent.click(within(bar).getByRole('button', { name: 'Tag' }))
    expect(onBulk).toHaveBeenCalledWith(['p1', 'p3'])
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }))
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('3 selected')
  })

  it('adds a filter as a chip kept in the URL, and removes it', async () => {
    const { search } = renderTable({ rows: PEOPLE })
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }))
    await userEvent.click(screen.getByRole('menuitem', { name: /Group/ }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'VIP' }))
    expect(search()).toBe('?group=vip')
    const chips = screen.getByRole('list', { name: 'Active filters' })
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter Group: VIP' }))
    expect(search()).toBe('')
  })

  it('keeps the search and page size in the URL', async () => {
    const { search } = renderTable({ rows: PEOPLE })
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'ada')
    await vi.waitFor(() => expect(search()).toBe('?q=ada'), { timeout: 10_000 })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50')
    expect(search()).toBe('?q=ada&limit=50')
  })

  it('saves the current state as a view and applies it later', async () => {
    const { search } = renderTable({ rows: PEOPLE }, '/people?group=vip&order=-name&offset=20')
    await userEvent.click(screen.getByRole('button', { name: 'Views' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'View name' }), 'VIPs')
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }))
    expect(JSON.parse(localStorage.getItem(tableStorageKey('user_1', 'people', 'views'))!)).toEqual([
      { name: 'VIPs', search: 'group=vip&order=-name' },
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(search()).toBe('?order=-name')
    await userEvent.click(screen.getByRole('button', { name: 'Views' }))
    await userEvent.click(screen.getByRole('button', { name: 'VIPs' }))
    expect(search()).toBe('?group=vip&order=-name')
  })

  it('shows skeleton rows while loading', () => {
    renderTable({ rows: [], isLoading: true })
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5)
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true')
  })

  it('shows the empty state with its call to action, or a way out of filters that match nothing', async () => {
    renderTable({ rows: [] })
    expect(screen.getByText('No people yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add a person' })).toBeInTheDocument()
  })

  it('says nothing matches when filters are on, with a button to clear them', async () => {
    const { search } = renderTable({ rows: [] }, '/people?group=vip')
    expect(screen.getByText('No results')).toBeInTheDocument()
    const clear = screen.getAllByRole('button', { name: 'Clear filters' })
    await userEvent.click(clear[clear.length - 1])
    expect(search()).toBe('')
  })

  it('puts row actions behind a "…" menu named after the row', async () => {
    renderTable({ rows: PEOPLE })
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Bo' }))
    expect(screen.getByRole('menuitem', { name: 'Edit Bo' })).toBeInTheDocument()
  })
})
