import { adminStoreKeys } from '@emporium/react'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../testing/providers'
import { SettingsOverview } from './settings-overview'
import { visibleSettingsPages, type CoreSettingsPage } from './settings-pages'

const flags = (values: Record<string, boolean>) => ({
  feature_flags: Object.entries(values).map(([key, value]) => ({ key, value })),
})

function renderOverview(store: object) {
  const { queryClient, Providers } = testProviders()
  queryClient.setQueryData(adminStoreKeys.details(), { store })
  const router = createMemoryRouter([{ path: '/a/settings', element: <SettingsOverview /> }], {
    initialEntries: ['/a/settings'],
  })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
}

describe('the settings overview', () => {
  it('shows the sales channels and API keys cards when both flags are on', () => {
    renderOverview(flags({ sales_channels: true, publishable_api_keys: true }))
    expect(screen.getByRole('link', { name: /^Sales channels/ })).toHaveAttribute('href', '/a/sales-channels')
    expect(screen.getByRole('link', { name: /^Publishable API keys/ })).toHaveAttribute(
      'href',
      '/a/publishable-api-keys',
    )
    expect(screen.getByRole('link', { name: /^Regions/ })).toBeInTheDocument()
  })

  it('hides each card whose feature flag is off', () => {
    renderOverview(flags({ sales_channels: false, publishable_api_keys: true }))
    expect(screen.queryByRole('link', { name: /^Sales channels/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Publishable API keys/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Regions/ })).toBeInTheDocument()
  })

  it('hides both cards when the flags are off', () => {
    renderOverview(flags({ sales_channels: false, publishable_api_keys: false }))
    expect(screen.queryByRole('link', { name: /^Sales channels/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Publishable API keys/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^The team/ })).toBeInTheDocument()
  })
})

describe('visibleSettingsPages', () => {
  const screenRoutes = [{ index: true, element: null }]
  const pages: CoreSettingsPage[] = [
    { key: 'regions', path: '/regions', labelKey: 'l', descriptionKey: 'd', routes: screenRoutes },
    { key: 'soon', path: '/soon', labelKey: 'l', descriptionKey: 'd' },
    { key: 'channels', path: '/c', labelKey: 'l', descriptionKey: 'd', link: '/c', requiresFeature: 'sales_channels' },
  ]
  const keys = (list: readonly CoreSettingsPage[]) => list.map((page) => page.key)

  it('keeps pages with a screen and hides flagged ones until the store says the flag is on', () => {
    expect(keys(visibleSettingsPages(undefined, pages))).toEqual(['regions'])
    expect(keys(visibleSettingsPages(flags({ sales_channels: false }), pages))).toEqual(['regions'])
    expect(keys(visibleSettingsPages(flags({ sales_channels: true }), pages))).toEqual(['regions', 'channels'])
  })
})
