import { adminStoreKeys } from '@emporium/react'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../testing/providers'
import { AdminLayout } from './admin-layout'

const flags = (values: Record<string, boolean>) => ({
  name: 'Test store',
  feature_flags: Object.entries(values).map(([key, value]) => ({ key, value })),
  modules: [],
})

function renderSidebar(store: object) {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminStoreKeys.details(), { store })
  const router = createMemoryRouter([{ path: '/a', element: <AdminLayout /> }], { initialEntries: ['/a'] })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
  const sidebar = within(screen.getByRole('navigation', { name: 'Main navigation' }))
  return { link: (name: string) => sidebar.queryByRole('link', { name }) }
}

describe('the sidebar', () => {
  it('shows Sales Channels and Publishable API Keys when both flags are on', () => {
    const { link } = renderSidebar(flags({ sales_channels: true, publishable_api_keys: true }))
    expect(link('Sales Channels')).toHaveAttribute('href', '/a/sales-channels')
    expect(link('Publishable API Keys')).toHaveAttribute('href', '/a/publishable-api-keys')
    expect(link('Products')).toBeInTheDocument()
  })

  it('hides publishable API keys while its flag is off', () => {
    const { link } = renderSidebar(flags({ sales_channels: true, publishable_api_keys: false }))
    expect(link('Publishable API Keys')).not.toBeInTheDocument()
    expect(link('Sales Channels')).toBeInTheDocument()
  })

  it('hides sales channels while its flag is off', () => {
    const { link } = renderSidebar(flags({ sales_channels: false, publishable_api_keys: true }))
    expect(link('Sales Channels')).not.toBeInTheDocument()
    expect(link('Publishable API Keys')).toBeInTheDocument()
  })

  it('hides both when the store reports neither flag', () => {
    const { link } = renderSidebar(flags({}))
    expect(link('Sales Channels')).not.toBeInTheDocument()
    expect(link('Publishable API Keys')).not.toBeInTheDocument()
    expect(link('Collections')).toBeInTheDocument()
  })
})

describe('the account menu', () => {
  it('links to the personal information page', () => {
    renderSidebar(flags({}))
    expect(screen.getByRole('link', { name: 'Personal information' })).toHaveAttribute(
      'href',
      '/a/settings/personal-information',
    )
  })
})
