import { adminCollectionKeys } from '@emporium/react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { SEARCH_DEBOUNCE_MS } from '../../../components/inputs/search-field'
import { CollectionList } from './collection-list'

function renderList() {
  const { queryClient, Providers } = testProviders()
  const router = createMemoryRouter([{ path: '/a/collections', element: <CollectionList /> }], {
    initialEntries: ['/a/collections'],
  })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  // Each collection list query in the cache is one request the page made.
  const searchesSent = () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: adminCollectionKeys.lists() })
      .map((query) => (query.queryKey[2] as { query: { q?: string } }).query.q ?? '')
  return { searchesSent }
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search collections' })

describe('the collection list search', () => {
  it('sends one request for a word typed in one go, after the pause', async () => {
    const user = userEvent.setup()
    const { searchesSent } = renderList()

    await user.type(searchBox(), 'summer')

    expect(searchBox()).toHaveValue('summer')
    expect(searchesSent()).toEqual([''])
    await waitFor(() => expect(searchesSent()).toEqual(['', 'summer']))
  })

  it('sends what was typed before each pause', async () => {
    const user = userEvent.setup()
    const { searchesSent } = renderList()

    await user.type(searchBox(), 'su')
    await waitFor(() => expect(searchesSent()).toEqual(['', 'su']))
    await user.type(searchBox(), 'mmer')
    await waitFor(() => expect(searchesSent()).toEqual(['', 'su', 'summer']))
  })

  it('goes back to every collection when the box is emptied', async () => {
    const user = userEvent.setup()
    const { searchesSent } = renderList()
    await user.type(searchBox(), 'hat')
    await waitFor(() => expect(searchesSent()).toEqual(['', 'hat']))

    await user.clear(searchBox())
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100))

    // The unfiltered list is already cached: emptying the box asks for nothing new.
    expect(searchesSent()).toEqual(['', 'hat'])
    expect(searchBox()).toHaveValue('')
  })
})
