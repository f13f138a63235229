// @vitest-environment node
// The real server runs in this process; this import must come first (see live-server).
import { liveServerForFile } from '../../../testing/live-server'
import { createQueryClient, EmporiumClient, EmporiumProvider } from '@emporium/react'
import { configure, render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { ExtensionsProvider } from '../../../extensions/extensions-context'
import { ExtensionRegistry } from '../../../extensions/registry'
import { installBrowserStandIns } from '../../../testing/browser-stand-ins'
import { CreateDraftOrderModal } from './create-draft-order-modal'

installBrowserStandIns()
const server = liveServerForFile()
const page = () => within(document.body)
configure({ asyncUtilTimeout: 15_000 })
let client: EmporiumClient

beforeAll(async () => {
  const staff = await server.makeUser()
  client = new EmporiumClient({ baseUrl: server.baseUrl })
  await client.admin.auth.getToken({ email: staff.email, password: server.password })
})

/** A region whose options list newest first: the gift-card one is made last, so it comes first. */
async function regionWith(options: { name: string; amount: number; giftCard?: boolean; isReturn?: boolean }[]) {
  const profiles = await server.orders.defaultProfiles()
  const region = await server.orders.makeRegion({
    currency_code: 'eur',
    countries: [await server.orders.freeCountry()],
  })
  const made: Record<string, string> = {}
  for (const option of options) {
    const row = await server.orders.makeShippingOption(region.id, {
      name: option.name,
      amount: option.amount,
      is_return: option.isReturn ?? false,
      profile_id: option.giftCard ? profiles.gift_card.id : profiles.default.id,
    })
    made[option.name] = row.id
  }
  return { regionId: region.id, options: made }
}

/** Opens the modal and walks to the shipping step with a custom line in the given region. */
async function toShippingStep(regionId: string) {
  const user = userEvent.setup()
  render(
    <EmporiumProvider client={client} queryClient={createQueryClient()}>
      <ExtensionsProvider registry={new ExtensionRegistry()}>
        <MemoryRouter>
          <CreateDraftOrderModal open onClose={() => {}} />
        </MemoryRouter>
      </ExtensionsProvider>
    </EmporiumProvider>,
  )
  const dialog = page().getByRole('dialog', { name: 'Create a draft order' })
  const region = await within(dialog).findByRole('combobox', { name: /Region/ })
  await waitFor(() => expect(region.querySelector(`option[value="${regionId}"]`)).not.toBeNull())
  await user.selectOptions(region, regionId)
  await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'ada@example.com')
  await user.click(within(dialog).getByRole('button', { name: 'Next' }))
  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Gift wrap')
  await user.type(within(dialog).getByRole('textbox', { name: 'Unit price' }), '3.50')
  await user.click(within(dialog).getByRole('button', { name: 'Add custom item' }))
  await user.click(within(dialog).getByRole('button', { name: 'Next' }))
  expect(within(dialog).getByText('Step 3 of 5')).toBeInTheDocument()
  return { user, dialog }
}

describe('the draft order shipping step, against the real server', () => {
  it('preselects the first ordinary option, not the gift-card delivery listed first', async () => {
    const { regionId, options } = await regionWith([
      { name: 'Standard', amount: 500 },
      { name: 'Gift Card Delivery', amount: 0, giftCard: true },
    ])
    const { dialog } = await toShippingStep(regionId)
    const select = await within(dialog).findByRole('combobox', { name: /Shipping option/ })
    await within(select).findByRole('option', { name: /Gift Card Delivery/ })
    const names = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(names[0]).toMatch(/Gift Card Delivery/)
    await waitFor(() => expect(select).toHaveValue(options['Standard']))
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled())
  })

  it('makes the merchant choose when every option is for gift cards', async () => {
    const { regionId, options } = await regionWith([{ name: 'Gift Card Delivery', amount: 0, giftCard: true }])
    const { user, dialog } = await toShippingStep(regionId)
    const select = await within(dialog).findByRole('combobox', { name: /Shipping option/ })
    await within(select).findByRole('option', { name: /Gift Card Delivery/ })
    expect(select).toHaveValue('')
    expect(within(select).getByRole('option', { name: 'Choose a shipping option' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.selectOptions(select, options['Gift Card Delivery']!)
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled()
  })
})
