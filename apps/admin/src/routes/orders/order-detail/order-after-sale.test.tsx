// @vitest-environment node
// The real server runs in this process; this import must come first (see live-server).
import { liveServerForFile } from '../../../testing/live-server'
import { createQueryClient, EmporiumClient, EmporiumProvider } from '@emporium/react'
import { act, configure, render, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Toaster } from '../../../components/toasts/toaster'
import { ExtensionsProvider } from '../../../extensions/extensions-context'
import { ExtensionRegistry } from '../../../extensions/registry'
import { installBrowserStandIns } from '../../../testing/browser-stand-ins'
import { OrderDetail } from './order-detail'

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

afterEach(() => {
  act(() => toast.remove())
})

function renderOrder(id: string) {
  const router = createMemoryRouter([{ path: '/a/orders/:id', element: <OrderDetail /> }], {
    initialEntries: [`/a/orders/${id}`],
  })
  render(
    <EmporiumProvider client={client} queryClient={createQueryClient()}>
      <ExtensionsProvider registry={new ExtensionRegistry()}>
        <RouterProvider router={router} />
        <Toaster />
      </ExtensionsProvider>
    </EmporiumProvider>,
  )
}

interface Read {
  claims: {
    no_notification: boolean
    claim_items: { reason: string; note: string | null; tags: { value: string }[] }[]
    fulfillments: { canceled_at: string | null }[]
    shipping_methods: unknown[]
  }[]
  swaps: { fulfillments: { canceled_at: string | null }[] }[]
}

const read = async (id: string) =>
  (await client.admin.orders.retrieve(id, { expand: 'claims,swaps' })).order as unknown as Read

describe('the order page after a sale, against the real server', () => {
  it('edits a claim and cancels its replacement fulfilment', async () => {
    const user = userEvent.setup()
    const setup = await server.orders.swappableOrder()
    const { order } = await client.admin.orders.createClaim(setup.order.id, {
      type: 'replace',
      claim_items: [{ item_id: setup.shirt.id, quantity: 1, reason: 'wrong_item', note: 'Torn' }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      shipping_methods: [{ option_id: setup.option.id }],
    })
    const claimId = (order as unknown as { claims: { id: string }[] }).claims[0]!.id
    await client.admin.orders.fulfillClaim(setup.order.id, claimId)
    renderOrder(setup.order.id)

    await user.click(await page().findByRole('button', { name: 'Edit claim' }))
    const dialog = page().getByRole('dialog', { name: 'Edit claim 1' })
    const save = within(dialog).getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    expect(within(dialog).getByRole('textbox', { name: 'Note on Shirt' })).toHaveValue('Torn')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason for Shirt' }), 'production_failure')
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags of Shirt' }), 'Seam, torn, seam')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Do not notify the customer' }))
    // Fulfilled already: no shipping method to add any more.
    expect(within(dialog).queryByRole('combobox', { name: 'Add a shipping method' })).not.toBeInTheDocument()
    await user.click(save)
    expect(await page().findByText('Claim updated')).toBeInTheDocument()
    const [edited] = (await read(setup.order.id)).claims
    expect(edited!.no_notification).toBe(true)
    expect(edited!.claim_items[0]).toMatchObject({ reason: 'production_failure', note: 'Torn' })
    expect(edited!.claim_items[0]!.tags.map((tag) => tag.value).sort()).toEqual(['seam', 'torn'])

    // The claim cannot be canceled while its fulfilment stands; that fulfilment can.
    expect(page().queryByRole('button', { name: 'Cancel claim' })).not.toBeInTheDocument()
    await user.click(page().getByRole('button', { name: 'Cancel fulfillment 1 of claim 1' }))
    const confirm = page().getByRole('dialog', { name: 'Cancel this fulfillment?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel fulfillment' }))
    expect(await page().findByText('Fulfillment canceled')).toBeInTheDocument()
    expect((await read(setup.order.id)).claims[0]!.fulfillments[0]!.canceled_at).not.toBeNull()
    // Nothing stands now: the claim may be canceled, and fulfilled again.
    expect(await page().findByRole('button', { name: 'Cancel claim' })).toBeInTheDocument()
    expect(page().queryByRole('button', { name: 'Cancel fulfillment 1 of claim 1' })).not.toBeInTheDocument()
  })

  it('adds a shipping method to a replacement not yet fulfilled', async () => {
    const user = userEvent.setup()
    const setup = await server.orders.swappableOrder()
    await client.admin.orders.createClaim(setup.order.id, {
      type: 'replace',
      claim_items: [{ item_id: setup.shirt.id, quantity: 1, reason: 'missing_item' }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
    })
    renderOrder(setup.order.id)
    await user.click(await page().findByRole('button', { name: 'Edit claim' }))
    const dialog = page().getByRole('dialog', { name: 'Edit claim 1' })
    const shipping = within(dialog).getByRole('combobox', { name: 'Add a shipping method' })
    await within(shipping).findByRole('option', { name: /·/ })
    // Return options are not offered for the replacement's delivery.
    expect(within(shipping).queryByRole('option', { name: /2\.00/ })).not.toBeInTheDocument()
    await user.selectOptions(shipping, setup.option.id)
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await page().findByText('Claim updated')).toBeInTheDocument()
    expect((await read(setup.order.id)).claims[0]!.shipping_methods).toHaveLength(1)
  })

  it('lists a swap with what is due and cancels its fulfilment', async () => {
    const user = userEvent.setup()
    const setup = await server.orders.swappableOrder()
    const created = await client.admin.orders.createSwap(setup.order.id, {
      return_items: [{ item_id: setup.shirt.id, quantity: 1 }],
      additional_items: [{ variant_id: setup.cheap, quantity: 1 }],
      custom_shipping_options: [{ option_id: setup.option.id, price: 0 }],
    } as never)
    const swap = (created.order as unknown as { swaps: { id: string; cart_id: string }[] }).swaps[0]!
    expect((await server.orders.checkoutSwapCart(swap.cart_id)).status).toBe(200)
    await client.admin.orders.fulfillSwap(setup.order.id, swap.id, {})
    renderOrder(setup.order.id)

    const section = await page().findByRole('region', { name: 'Swaps' })
    expect(within(section).getByText('Swap 1')).toBeInTheDocument()
    // 5.50 sent for 11.00 returned: 5.50 goes back to the customer.
    expect(within(section).getByText(/To refund:/)).toHaveTextContent('$5.50')
    // Its return is open: the swap itself cannot be canceled yet.
    expect(within(section).queryByRole('button', { name: 'Cancel swap' })).not.toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Cancel fulfillment 1 of swap 1' }))
    const confirm = page().getByRole('dialog', { name: 'Cancel this fulfillment?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancel fulfillment' }))
    expect(await page().findByText('Fulfillment canceled')).toBeInTheDocument()
    expect((await read(setup.order.id)).swaps[0]!.fulfillments[0]!.canceled_at).not.toBeNull()
    expect(await within(section).findByRole('button', { name: 'Create fulfillment' })).toBeInTheDocument()
  })

  it('undoes one change of an order edit and keeps the edit open', async () => {
    const user = userEvent.setup()
    const setup = await server.orders.swappableOrder()
    const { order_edit: edit } = await client.admin.orderEdits.create({ order_id: setup.order.id } as never)
    await client.admin.orderEdits.addLineItem(edit.id, { variant_id: setup.cheap, quantity: 1 })
    const { order_edit: twice } = await client.admin.orderEdits.addLineItem(edit.id, {
      variant_id: setup.dear,
      quantity: 1,
    })
    const changes = (twice as unknown as { changes: { id: string; line_item: { title: string } }[] }).changes
    expect(changes).toHaveLength(2)
    const [kept, undone] = changes
    renderOrder(setup.order.id)

    const list = await page().findByRole('list', { name: 'Changes' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    await user.click(within(list).getByRole('button', { name: `Undo the change to ${undone!.line_item.title}` }))
    expect(await page().findByText('Change undone')).toBeInTheDocument()
    const after = (await client.admin.orderEdits.retrieve(edit.id)).order_edit as unknown as {
      status: string
      changes: { id: string }[]
    }
    expect(after.status).toBe('created')
    expect(after.changes.map((change) => change.id)).toEqual([kept!.id])
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1)
  })
})
