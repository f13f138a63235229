import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import type { AdminOrderView } from '../components/order-model'
import { OrderClaims } from './order-claims'

const ORDER: AdminOrderView = {
  id: 'order_1',
  status: 'pending',
  currency_code: 'eur',
  region_id: 'reg_1',
  items: [
    { id: 'item_1', title: 'Linen shirt', quantity: 2, unit_price: 1500, fulfilled_quantity: 2 },
    { id: 'item_2', title: 'Mug', quantity: 1, unit_price: 500, fulfilled_quantity: 0 },
  ],
  claims: [],
}

function renderClaims(order: AdminOrderView = ORDER) {
  const { Providers } = testProviders()
  render(
    <Providers>
      <MemoryRouter>
        <OrderClaims order={order} />
      </MemoryRouter>
    </Providers>,
  )
}

describe('the order claims', () => {
  it('walks a claim through its steps: fulfilled lines only, and a replace claim needs a replacement', async () => {
    renderClaims()
    await userEvent.click(await screen.findByRole('button', { name: 'Create claim' }))
    const dialog = screen.getByRole('dialog', { name: 'Create a claim' })
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument()
    expect(within(dialog).queryByRole('spinbutton', { name: 'Quantity claimed of Mug' })).not.toBeInTheDocument()
    const next = within(dialog).getByRole('button', { name: 'Next' })
    expect(next).toBeDisabled()
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity claimed of Linen shirt' })
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '3')
    expect(next).toBeDisabled()
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '1')
    expect(within(dialog).getByRole('combobox', { name: 'Reason for Linen shirt' })).toHaveValue('missing_item')
    expect(next).toBeEnabled()
    await userEvent.click(next)
    expect(within(dialog).getByText('Step 2 of 2')).toBeInTheDocument()
    expect(within(dialog).getByRole('textbox', { name: 'Refund amount' })).toHaveValue('')
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled()
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Claim type' }), 'replace')
    expect(within(dialog).getByText('No replacement items yet')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled()
  })

  it('offers per claim only what the server allows', async () => {
    renderClaims({
      ...ORDER,
      claims: [
        {
          id: 'claim_1',
          type: 'refund',
          payment_status: 'refunded',
          fulfillment_status: 'not_fulfilled',
          refund_amount: 1500,
          claim_items: [{ id: 'cl_1', item_id: 'item_1', quantity: 1, reason: 'wrong_item' }],
        },
        {
          id: 'claim_2',
          type: 'replace',
          payment_status: 'na',
          fulfillment_status: 'fulfilled',
          claim_items: [{ id: 'cl_2', item_id: 'item_1', quantity: 1, reason: 'production_failure' }],
          additional_items: [{ id: 'item_9', title: 'Linen shirt L', quantity: 1 }],
          fulfillments: [{ id: 'ful_1', tracking_numbers: [] }],
        },
      ],
    })
    expect(await screen.findByText('Refunded')).toBeInTheDocument()
    // The claim's badge and its one fulfilment's.
    expect(screen.getAllByText('Fulfilled')).toHaveLength(2)
    expect(screen.getByText(/Wrong item/)).toBeInTheDocument()
    expect(screen.getByText(/Refund:/)).toHaveTextContent('15.00')
    expect(screen.getAllByRole('button', { name: 'Mark shipped' })).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Cancel fulfillment 1 of claim 2' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Edit claim' })).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Cancel claim' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create fulfillment' })).not.toBeInTheDocument()
    // Both shipped units are claimed: no new claim.
    expect(screen.queryByRole('button', { name: 'Create claim' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }))
    expect(screen.getByRole('dialog', { name: 'Mark the replacement shipped' })).toBeInTheDocument()
  })
})
