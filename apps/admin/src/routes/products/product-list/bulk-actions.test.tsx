// @vitest-environment node
// The real server runs in this process; this import must come first (see live-server).
import { liveServerForFile } from '../../../testing/live-server'
import { createQueryClient, EmporiumClient, EmporiumProvider } from '@emporium/react'
import { act, configure, render, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Toaster } from '../../../components/toasts/toaster'
import { ExtensionsProvider } from '../../../extensions/extensions-context'
import { ExtensionRegistry } from '../../../extensions/registry'
import { installBrowserStandIns } from '../../../testing/browser-stand-ins'
import { ProductList } from './product-list'

installBrowserStandIns()
const server = liveServerForFile()
// Testing Library's `screen` is bound when it loads, before this file's page exists.
const page = () => within(document.body)
// Real HTTP to a server sharing two cores with other test files: allow more than the default 1 s.
configure({ asyncUtilTimeout: 15_000 })
const staff = { email: '' }
/** Writes to single products the server has received. */
const productWrites = { count: 0 }

beforeAll(async () => {
  staff.email = (await server.makeUser()).email
  server.httpServer.on('request', (request) => {
    // The page's requests cross origins, so each write comes after a CORS preflight (OPTIONS).
    if (request.method === 'OPTIONS' || !request.url?.startsWith('/admin/products/prod_')) return
    productWrites.count++
  })
})

afterEach(() => {
  act(() => toast.remove())
})

async function renderList(search: string) {
  const client = new EmporiumClient({ baseUrl: server.baseUrl })
  await client.admin.auth.getToken({ email: staff.email, password: server.password })
  render(
    <EmporiumProvider client={client} queryClient={createQueryClient()}>
      <ExtensionsProvider registry={new ExtensionRegistry()}>
        <MemoryRouter initialEntries={[`/a/products?q=${search}`]}>
          <ProductList />
        </MemoryRouter>
        <Toaster />
      </ExtensionsProvider>
    </EmporiumProvider>,
  )
  return client
}

async function makeDrafts(label: string, count: number) {
  const products = []
  for (let index = 0; index < count; index++) {
    products.push(await server.makeProduct({ title: `${label} ${index + 1}`, status: 'draft' }))
  }
  return products
}

describe('the product list bulk actions against the real server', () => {
  it('publishes every selected product, one write each (no batch route exists for status)', async () => {
    const user = userEvent.setup()
    const drafts = await makeDrafts('Lamp', 9)
    const client = await renderList('Lamp')
    await page().findByRole('link', { name: 'Lamp 9' })
    productWrites.count = 0

    await user.click(page().getByRole('checkbox', { name: 'Select all products' }))
    const bulk = page().getByRole('region', { name: 'Bulk actions' })
    await user.click(within(bulk).getByRole('button', { name: 'Publish' }))

    expect(await page().findByText('9 products published')).toBeInTheDocument()
    expect(productWrites.count).toBe(9)
    const { products } = await client.admin.products.list({ id: drafts.map((draft) => draft.id) })
    expect(products.map((product) => product.status)).toEqual(Array(9).fill('published'))
  })

  it('reports how many succeeded and failed, and keeps the failed ones selected', async () => {
    const user = userEvent.setup()
    const [first, gone, third] = await makeDrafts('Chair', 3)
    const client = await renderList('Chair')
    await page().findByRole('link', { name: 'Chair 3' })
    await user.click(page().getByRole('checkbox', { name: 'Select all products' }))
    // Someone else deletes one of the selected products meanwhile.
    await client.admin.products.delete(gone.id)

    const bulk = page().getByRole('region', { name: 'Bulk actions' })
    await user.click(within(bulk).getByRole('button', { name: 'Publish' }))

    expect(await page().findByText(/^2 succeeded, 1 failed: /)).toBeInTheDocument()
    expect(page().getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('1 product selected')
    const { products } = await client.admin.products.list({ id: [first.id, third.id] })
    expect(products.map((product) => product.status)).toEqual(['published', 'published'])
  })
})
