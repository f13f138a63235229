import { adminStoreKeys } from '@emporium/react'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../testing/providers'
import { AreaGuard } from './area-guard'
import { CORE_AREAS } from './areas'

const categories = CORE_AREAS.find((area) => area.key === 'product-categories')!

function renderCategories(flagOn: boolean) {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminStoreKeys.details(), {
    store: { name: 'Test store', feature_flags: [{ key: 'product_categories', value: flagOn }], modules: [] },
  })
  const router = createMemoryRouter(
    [
      {
        path: '/a/product-categories',
        element: <AreaGuard area={categories} />,
        children: [{ index: true, element: <h1>Category tree</h1> }],
      },
    ],
    { initialEntries: ['/a/product-categories'] },
  )
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
}

describe('AreaGuard', () => {
  it('shows not found instead of the categories screen while its flag is off', () => {
    renderCategories(false)
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Category tree' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument()
  })

  it('shows the screen with the flag on', () => {
    renderCategories(true)
    expect(screen.getByRole('heading', { name: 'Category tree' })).toBeInTheDocument()
  })
})
