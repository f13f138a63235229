import { adminProductKeys } from '@emporium/react'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { ProductList } from './product-list'

function renderList(path = '/a/products') {
  const { queryClient, Providers } = testProviders()
  const router = createMemoryRouter([{ path: '/a/products', element: <ProductList /> }], { initialEntries: [path] })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  // Each product list query in the cache is one request the page made.
  const searchesSent = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: adminProductKeys.lists() })
      .map((query) => (query.queryKey[2] as { query: { q?: string } }).query.q ?? '')
  return { router, searchesSent }
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' })

describe('the product list search', () => {
  it('sends one request for a word typed in one go, after the pause, and keeps it in the URL', async () => {
    const user = userEvent.setup()
    const { router, searchesSent } = renderList()

    await user.type(searchBox(), 'shirt')

    expect(searchBox()).toHaveValue('shirt')
    expect(router.state.location.search).toBe('')
    await waitFor(() => expect(router.state.location.search).toBe('?q=shirt'))
    await waitFor(() => expect(searchesSent()).toEqual(['', 'shirt']))
  })

  it('sends what was typed before each pause', async () => {
    const user = userEvent.setup()
    const { router, searchesSent } = renderList()

    await user.type(searchBox(), 'sh')
    await waitFor(() => expect(router.state.location.search).toBe('?q=sh'))
    await user.type(searchBox(), 'irt')
    await waitFor(() => expect(router.state.location.search).toBe('?q=shirt'))

    await waitFor(() => expect(searchesSent()).toEqual(['', 'sh', 'shirt']))
  })

  it('starts from the search in the URL and follows it when the URL changes', async () => {
    const { router, searchesSent } = renderList('/a/products?q=hat')
    expect(searchBox()).toHaveValue('hat')

    await act(() => router.navigate('/a/products?q=cap'))

    expect(searchBox()).toHaveValue('cap')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(router.state.location.search).toBe('?q=cap')
    expect(searchesSent()).toEqual(['hat', 'cap'])
  })

  it('clears the search from the URL when the box is emptied', async () => {
    const user = userEvent.setup()
    const { router } = renderList('/a/products?q=hat&offset=20')

    await user.clear(searchBox())

    await waitFor(() => expect(router.state.location.search).toBe(''))
  })
})
