import { adminOrderKeys, adminStockLocationsKeys, adminStoreKeys } from '@emporium/react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { OrderDetail } from './order-detail'

const ORDER = {
  id: 'order_1',
  display_id: 42,
  created_at: '2026-11-30T10:00:00.000Z',
  email: 'ada@example.com',
  status: 'pending',
  payment_status: 'awaiting',
  fulfillment_status: 'not_fulfilled',
  currency_code: 'eur',
  subtotal: 3000,
  shipping_total: 500,
  discount_total: 0,
  tax_total: 0,
  total: 3500,
  paid_total: 0,
  refunded_total: 0,
  refundable_amount: 0,
  items: [{ id: 'item_1', title: 'Linen shirt', quantity: 2, unit_price: 1500, subtotal: 3000, fulfilled_quantity: 0 }],
  payments: [
    { id: 'pay_1', amount: 3500, amount_refunded: 0, provider_id: 'manual', captured_at: null, canceled_at: null },
  ],
  fulfillments: [],
  shipping_address: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address_1: '1 Main St',
    city: 'Berlin',
    country_code: 'de',
  },
  billing_address: null,
}

function renderOrder(order: Record<string, unknown> = ORDER, modules: { module: string }[] = []) {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminStoreKeys.details(), { store: { feature_flags: [], modules } })
  queryClient.setQueryData(adminStockLocationsKeys.list({ limit: 100 }), {
    stock_locations: [
      { id: 'sloc_1', name: 'Berlin warehouse' },
      { id: 'sloc_2', name: 'Lyon depot' },
    ],
    count: 2,
    offset: 0,
    limit: 100,
  })
  queryClient.setQueryData(
    [
      ...adminOrderKeys.detail('order_1'),
      {
        query: {
          expand:
            'items,payments,fulfillments,fulfillments.items,shipping_address,billing_address,customer,region,returns,returns.items,claims,swaps',
        },
      },
    ],
    { order },
  )
  queryClient.setQueryData([...adminOrderKeys.detail('order_1'), 'timeline'], { order_id: 'order_1', timeline: [] })
  render(
    <Providers>
      <MemoryRouter initialEntries={['/a/orders/order_1']}>
        <Routes>
          <Route path="/a/orders/:id" element={<OrderDetail />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  )
}

describe('the order page', () => {
  it('shows the number, the statuses as badges and the totals in the order currency', async () => {
    renderOrder()
    expect(await screen.findByRole('heading', { name: 'Order #42', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Awaiting')).toBeInTheDocument()
    expect(screen.getByText('Not fulfilled')).toBeInTheDocument()
    const [items] = screen.getAllByRole('region', { name: 'Items' })
    expect(within(items).getByText('Linen shirt')).toBeInTheDocument()
    expect(screen.getAllByText('€35.00').length).toBeGreaterThan(0)
  })

  it('asks before capturing, and offers no refund before anything is paid', async () => {
    renderOrder()
    await userEvent.click(await screen.findByRole('button', { name: 'Capture payment' }))
    const dialog = screen.getByRole('dialog', { name: 'Capture the payment?' })
    expect(within(dialog).getByText('The customer is charged €35.00.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()
  })

  it('refuses a refund above the refundable amount before asking to confirm', async () => {
    renderOrder({ ...ORDER, payment_status: 'captured', paid_total: 3500, refundable_amount: 3500 })
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }))
    const dialog = screen.getByRole('dialog', { name: 'Refund' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '40')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most €35.00 can be refunded')
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Amount/ }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('dialog', { name: 'Refund the customer?' })).toHaveTextContent('€5.00')
  })

  it('offers every unfulfilled unit in a new fulfillment, and no location picker without the inventory module', async () => {
    renderOrder()
    await userEvent.click(await screen.findByRole('button', { name: 'Create fulfillment' }))
    const dialog = screen.getByRole('dialog', { name: 'Create a fulfillment' })
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of Linen shirt' })).toHaveValue(2)
    expect(within(dialog).queryByRole('combobox', { name: 'Ship from' })).not.toBeInTheDocument()
  })

  it('lets the fulfillment leave from a chosen stock location when the inventory module is on', async () => {
    renderOrder(ORDER, [{ module: 'inventoryService' }])
    await userEvent.click(await screen.findByRole('button', { name: 'Create fulfillment' }))
    const dialog = screen.getByRole('dialog', { name: 'Create a fulfillment' })
    const location = within(dialog).getByRole('combobox', { name: 'Ship from' })
    expect(location).toHaveValue('sloc_1')
    await userEvent.selectOptions(location, 'Lyon depot')
    expect(location).toHaveValue('sloc_2')
  })

  it('refuses a fulfillment of more units than are left', async () => {
    renderOrder()
    await userEvent.click(await screen.findByRole('button', { name: 'Create fulfillment' }))
    const dialog = screen.getByRole('dialog', { name: 'Create a fulfillment' })
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of Linen shirt' })
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create fulfillment' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one item')
  })
})
