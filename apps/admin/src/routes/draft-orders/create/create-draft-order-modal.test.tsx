import { adminCustomerKeys, adminRegionKeys, adminShippingOptionKeys, adminVariantKeys } from '@emporium/react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { CreateDraftOrderModal } from './create-draft-order-modal'

function list(name: string, rows: unknown[]) {
  return { [name]: rows, count: rows.length, offset: 0, limit: 10 }
}

function renderModal() {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(
    adminRegionKeys.list({ limit: 100 }),
    list('regions', [
      { id: 'reg_eu', name: 'Europe', currency_code: 'eur', countries: [{ iso_2: 'de', display_name: 'Germany' }] },
    ]),
  )
  queryClient.setQueryData(adminCustomerKeys.list({ limit: 10 }), list('customers', []))
  queryClient.setQueryData(
    adminVariantKeys.list({ limit: 10 }),
    list('variants', [{ id: 'variant_1', title: 'M', sku: 'SHIRT-M', product: { title: 'Linen shirt' } }]),
  )
  queryClient.setQueryData(
    adminShippingOptionKeys.list({ region_id: 'reg_eu', is_return: false }),
    list('shipping_options', [{ id: 'so_1', name: 'Standard', amount: 500 }]),
  )
  render(
    <Providers>
      <MemoryRouter>
        <CreateDraftOrderModal open onClose={() => {}} />
      </MemoryRouter>
    </Providers>,
  )
  return screen.getByRole('dialog', { name: 'Create a draft order' })
}

describe('the create draft order steps', () => {
  it('goes on only with a valid e-mail, then with at least one item', async () => {
    const dialog = renderModal()
    const next = within(dialog).getByRole('button', { name: 'Next' })
    expect(within(dialog).getByText('Step 1 of 5')).toBeInTheDocument()
    expect(await within(dialog).findByRole('combobox', { name: /Region/ })).toHaveValue('reg_eu')
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ada@')
    expect(next).toBeDisabled()
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'example.com')
    expect(next).toBeEnabled()
    await userEvent.click(next)

    expect(within(dialog).getByText('Step 2 of 5')).toBeInTheDocument()
    expect(next).toBeDisabled()
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Find a product variant' }))
    await userEvent.click(await screen.findByRole('option', { name: /Linen shirt \/ M/ }))
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of Linen shirt / M' })).toHaveValue(1)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Gift wrap')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Unit price' }), '3.50')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add custom item' }))
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of Gift wrap' })).toHaveValue(1)
    expect(next).toBeEnabled()
    await userEvent.click(next)

    expect(within(dialog).getByText('Step 3 of 5')).toBeInTheDocument()
    expect(await within(dialog).findByRole('combobox', { name: /Shipping option/ })).toHaveValue('so_1')
    await userEvent.click(next)

    expect(within(dialog).getByText('Step 4 of 5')).toBeInTheDocument()
    expect(next).toBeDisabled()
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Address', '1 Main St'],
      ['City', 'Berlin'],
      ['Postal code', '10115'],
    ]) {
      await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }), value!)
    }
    expect(within(dialog).getByRole('combobox', { name: /Country/ })).toHaveValue('de')
    await userEvent.click(next)

    expect(within(dialog).getByText('Step 5 of 5')).toBeInTheDocument()
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument()
    expect(within(dialog).getByText(/1 Main St, 10115 Berlin, DE/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled()
  })
})
