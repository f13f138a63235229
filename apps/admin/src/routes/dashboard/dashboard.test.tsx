import type { Dashboard as DashboardData } from '@emporium/client'
import { adminDashboardKeys, adminStoreKeys } from '@emporium/react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../testing/providers'
import { Dashboard } from './dashboard'

const day = (date: string, currency_code: string, orders: number, sales: number) => ({
  date,
  currency_code,
  orders,
  sales,
})

function figures(overrides: Partial<DashboardData> = {}): DashboardData {
  return {
    period: '30d',
    from: '2026-11-04',
    to: '2026-12-03',
    totals: [
      { currency_code: 'eur', orders: 1, sales: 1500, average_order_value: 1500 },
      { currency_code: 'usd', orders: 4, sales: 5500, average_order_value: 1375 },
    ],
    days: [
      day('2026-12-02', 'eur', 1, 1500),
      day('2026-12-03', 'eur', 0, 0),
      day('2026-12-02', 'usd', 1, 3000),
      day('2026-12-03', 'usd', 3, 2500),
    ],
    top_products: [{ product_id: 'prod_mug', title: 'Mug', thumbnail: null, quantity: 9 }],
    orders_to_fulfil: {
      count: 1000,
      more: true,
      orders: [
        {
          id: 'order_1',
          display_id: 17,
          email: 'ada@example.com',
          currency_code: 'usd',
          created_at: '2026-10-24T12:00:00Z',
        },
      ],
    },
    ...overrides,
  }
}

function renderDashboard(byPeriod: Record<string, DashboardData>) {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminStoreKeys.details(), {
    store: { name: 'Test store', default_currency_code: 'usd', feature_flags: [], modules: [] },
  })
  for (const [period, dashboard] of Object.entries(byPeriod)) {
    queryClient.setQueryData(adminDashboardKeys.list({ period }), { dashboard })
  }
  render(
    <Providers>
      <MemoryRouter>
        <Dashboard />
      </MemoryRouter>
    </Providers>,
  )
}

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling

describe('the home dashboard', () => {
  it("shows the store currency's figures first, and another currency's on request", async () => {
    renderDashboard({ '30d': figures() })
    expect(figure('Sales')).toHaveTextContent('$55.00')
    expect(figure('Orders')).toHaveTextContent('4')
    expect(figure('Average order value')).toHaveTextContent('$13.75')
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'eur')
    expect(figure('Sales')).toHaveTextContent('€15.00')
    expect(figure('Orders')).toHaveTextContent('1')
  })

  it('lists top products and the oldest orders to fulfil, with their links', () => {
    renderDashboard({ '30d': figures() })
    const top = screen.getByRole('region', { name: 'Top products' })
    expect(within(top).getByRole('link', { name: 'Mug' })).toHaveAttribute('href', '/a/products/prod_mug')
    expect(within(top).getByText('Sold: 9')).toBeInTheDocument()
    const toFulfil = screen.getByRole('region', { name: 'Orders to fulfil' })
    expect(within(toFulfil).getByText('Waiting: more than 1000')).toBeInTheDocument()
    expect(within(toFulfil).getByRole('link', { name: '#17' })).toHaveAttribute('href', '/a/orders/order_1')
  })

  it('reads another period when one is picked', async () => {
    const week = figures({
      period: '7d',
      totals: [{ currency_code: 'usd', orders: 2, sales: 900, average_order_value: 450 }],
    })
    renderDashboard({ '30d': figures(), '7d': week })
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('button', { name: '7 days' }))
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true')
    expect(figure('Sales')).toHaveTextContent('$9.00')
    expect(screen.queryByLabelText('Currency')).not.toBeInTheDocument()
  })

  it('says so when the period has no orders', () => {
    renderDashboard({
      '30d': figures({
        totals: [],
        days: [],
        top_products: [],
        orders_to_fulfil: { count: 0, more: false, orders: [] },
      }),
    })
    expect(screen.getByText('No orders in this period yet.')).toBeInTheDocument()
    expect(screen.getByText('No products sold in this period.')).toBeInTheDocument()
    expect(screen.getByText('Nothing to fulfil.')).toBeInTheDocument()
    expect(screen.getByText('Waiting: 0')).toBeInTheDocument()
  })
})
