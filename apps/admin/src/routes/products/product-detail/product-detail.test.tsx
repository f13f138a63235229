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
import { ProductDetail } from './product-detail'

installBrowserStandIns()
const server = liveServerForFile()
const page = () => within(document.body)
configure({ asyncUtilTimeout: 15_000 })
const staff = { email: '' }
/** Every product read and write the server answered, as 'METHOD /path status'. */
const productCalls: string[] = []

beforeAll(async () => {
  staff.email = (await server.makeUser()).email
  server.httpServer.on('request', (request, response) => {
    if (request.method === 'OPTIONS' || !request.url?.startsWith('/admin/products/')) return
    const path = request.url.split('?')[0]
    response.on('close', () =>
      productCalls.push(`${request.method} ${path} ${(response as unknown as { statusCode: number }).statusCode}`),
    )
  })
})

afterEach(() => {
  act(() => toast.remove())
})

async function renderDetail(id: string) {
  const client = new EmporiumClient({ baseUrl: server.baseUrl })
  await client.admin.auth.getToken({ email: staff.email, password: server.password })
  const router = createMemoryRouter(
    [
      { path: '/a/products/:id', element: <ProductDetail /> },
      { path: '/a/products', element: <h1>Product list</h1> },
    ],
    { initialEntries: [`/a/products/${id}`] },
  )
  render(
    <EmporiumProvider client={client} queryClient={createQueryClient()}>
      <ExtensionsProvider registry={new ExtensionRegistry()}>
        <RouterProvider router={router} />
        <Toaster />
      </ExtensionsProvider>
    </EmporiumProvider>,
  )
}

describe('the product page against the real server', () => {
  it('shows not found for an unknown product id, not an error box', async () => {
    await renderDetail('prod_does_not_exist')
    expect(await page().findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(page().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })

  it('deletes a product without asking the server for it again', async () => {
    const user = userEvent.setup()
    const product = await server.makeProduct({ title: 'Doomed lamp', status: 'draft' })
    await renderDetail(product.id)
    await page().findByRole('heading', { name: 'Doomed lamp', level: 1 })
    productCalls.length = 0

    await user.click(page().getByRole('button', { name: 'Delete' }))
    const dialog = await page().findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))

    expect(await page().findByRole('heading', { name: 'Product list' })).toBeInTheDocument()
    expect(productCalls).toEqual([`DELETE /admin/products/${product.id} 200`])
  })
})
