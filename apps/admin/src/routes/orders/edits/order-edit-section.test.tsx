import { adminOrderEditKeys } from '@emporium/react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import type { AdminOrderView } from '../components/order-model'
import type { OrderEditView } from './edit-model'
import { OrderEditSection } from './order-edit-section'

const ORDER: AdminOrderView = { id: 'order_1', status: 'pending', currency_code: 'eur' }
const EDIT: OrderEditView = {
  id: 'oe_1',
  status: 'created',
  difference_due: 0,
  total: 3000,
  items: [
    { id: 'item_e1', title: 'Linen shirt', quantity: 2, fulfilled_quantity: 2 },
    { id: 'item_e2', title: 'Mug', quantity: 1, fulfilled_quantity: 0 },
  ],
  changes: [],
}

function renderEdits(edits: OrderEditView[]) {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminOrderEditKeys.list({ order_id: 'order_1' }), {
    order_edits: edits,
    count: edits.length,
    offset: 0,
    limit: 50,
  })
  render(
    <Providers>
      <MemoryRouter>
        <OrderEditSection order={ORDER} />
      </MemoryRouter>
    </Providers>,
  )
}

describe('the order edit section', () => {
  it('offers to start an edit when none is open', async () => {
    renderEdits([{ ...EDIT, status: 'confirmed' }])
    expect(await screen.findByRole('button', { name: 'Edit order' })).toBeInTheDocument()
    expect(screen.getByText('No open order edit')).toBeInTheDocument()
  })

  it('keeps fulfilled units and lines, and confirms only once something changed', async () => {
    renderEdits([EDIT])
    expect(await screen.findByText('Draft')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit order' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel edit' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove Linen shirt' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove Mug' })).toBeInTheDocument()
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Linen shirt' })
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '1')
    expect(screen.getByText('A whole number, at least 2')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '3')
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
  })

  it('shows what the customer owes and offers request and confirm for a changed edit', async () => {
    renderEdits([{ ...EDIT, difference_due: 2000, changes: [{ id: 'oic_1', type: 'item_add' }] }])
    expect(await screen.findByText('Customer owes')).toHaveTextContent('Customer owes')
    expect(screen.getByText(/20\.00/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Request' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
  })
})
