import { adminOrderKeys } from '@emporium/react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { OrderList } from './order-list'

function renderList(path: string) {
  const { queryClient, Providers } = testProviders()
  const router = createMemoryRouter([{ path: '/a/orders', element: <OrderList /> }], { initialEntries: [path] })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  // Each order list query in the cache is one request the page made.
  const queriesSent = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: adminOrderKeys.lists() })
      .map((query) => (query.queryKey[2] as { query: Record<string, unknown> }).query)
  return { queriesSent }
}

describe('the order list', () => {
  it('sends the filters in the URL as the API query, newest first by default', async () => {
    const { queriesSent } = renderList(
      '/a/orders?q=ada&payment_status=captured&fulfillment_status=shipped&status=pending&region_id=reg_1&sales_channel_id=sc_1&created_from=2026-11-01&created_to=2026-11-30',
    )
    await waitFor(() => expect(queriesSent()).toHaveLength(1))
    expect(queriesSent()[0]).toMatchObject({
      q: 'ada',
      order: '-created_at',
      limit: 20,
      offset: 0,
      status: ['pending'],
      payment_status: ['captured'],
      fulfillment_status: ['shipped'],
      region_id: 'reg_1',
      sales_channel_id: 'sc_1',
      created_at: { gte: '2026-11-01', lte: '2026-11-30T23:59:59.999Z' },
    })
    expect(screen.getByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument()
  })

  it('sorts by the chosen column', async () => {
    const { queriesSent } = renderList('/a/orders?order=display_id')
    await waitFor(() => expect(queriesSent()).toHaveLength(1))
    expect(queriesSent()[0]).toMatchObject({ order: 'display_id' })
    expect(queriesSent()[0]).not.toHaveProperty('payment_status')
  })

  it('offers to export the orders the current filters select', async () => {
    renderList('/a/orders?payment_status=captured')
    await userEvent.click(await screen.findByRole('button', { name: 'Export orders' }))
    const dialog = screen.getByRole('dialog', { name: 'Export orders' })
    expect(within(dialog).getByText(/^Orders matching the current search and filters/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Start export' })).toBeEnabled()
  })
})
