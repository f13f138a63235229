import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import type { AdminOrderView } from '../components/order-model'
import { OrderReturns } from './order-returns'

const ORDER: AdminOrderView = {
  id: 'order_1',
  status: 'pending',
  currency_code: 'eur',
  region_id: 'reg_1',
  items: [
    { id: 'item_1', title: 'Linen shirt', quantity: 2, unit_price: 1500, fulfilled_quantity: 2, returned_quantity: 0 },
    { id: 'item_2', title: 'Mug', quantity: 1, unit_price: 500, fulfilled_quantity: 0 },
  ],
  returns: [],
}

function renderReturns(order: AdminOrderView = ORDER) {
  const { Providers } = testProviders()
  render(
    <Providers>
      <MemoryRouter>
        <OrderReturns order={order} />
      </MemoryRouter>
    </Providers>,
  )
}

describe('the order returns', () => {
  it('walks a return request through its steps, offering only fulfilled lines up to what is left', async () => {
    renderReturns()
    await userEvent.click(await screen.findByRole('button', { name: 'Request return' }))
    const dialog = screen.getByRole('dialog', { name: 'Request a return' })
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument()
    expect(within(dialog).queryByRole('spinbutton', { name: 'Quantity to return of Mug' })).not.toBeInTheDocument()
    const next = within(dialog).getByRole('button', { name: 'Next' })
    expect(next).toBeDisabled()
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity to return of Linen shirt' })
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '3')
    expect(next).toBeDisabled()
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '1')
    expect(next).toBeEnabled()
    await userEvent.click(next)
    expect(within(dialog).getByText('Step 2 of 2')).toBeInTheDocument()
    expect(within(dialog).getByRole('combobox', { name: 'Return shipping' })).toHaveValue('')
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled()
  })

  it('offers no return before anything is fulfilled', async () => {
    renderReturns({ ...ORDER, items: [ORDER.items![1]!] })
    expect(await screen.findByText('No returns')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Request return' })).not.toBeInTheDocument()
  })

  it('receives a requested return with all asked units to start with, and refuses more', async () => {
    renderReturns({
      ...ORDER,
      returns: [
        { id: 'ret_1', status: 'requested', refund_amount: 3000, items: [{ item_id: 'item_1', quantity: 2 }] },
        { id: 'ret_2', status: 'received', refund_amount: 0, items: [{ item_id: 'item_1', quantity: 1 }] },
      ],
    })
    expect(await screen.findByText('Requested')).toBeInTheDocument()
    expect(screen.getByText('Received')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Receive return' })).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Receive return' }))
    const dialog = screen.getByRole('dialog', { name: 'Receive the return' })
    const received = within(dialog).getByRole('spinbutton', { name: 'Received of Linen shirt' })
    expect(received).toHaveValue(2)
    expect(within(dialog).getByRole('textbox', { name: 'Refund amount' })).toHaveValue('30.00')
    await userEvent.clear(received)
    await userEvent.type(received, '3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive return' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one item')
  })
})
