import { EmporiumProvider, SessionCartProvider } from '@emporium/react'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router'
import type { StorefrontConfig } from './lib/config'
import { CheckoutCartProvider } from './lib/checkout-cart'
import { RegionProvider } from './lib/region'
import { routes } from './routes'

const router = createBrowserRouter(routes)

export function App({ i18n, config }: { i18n: I18n; config: StorefrontConfig }) {
  return (
    <I18nextProvider i18n={i18n}>
      <EmporiumProvider baseUrl={config.baseUrl} publishableApiKey={config.publishableApiKey}>
        <SessionCartProvider>
          <RegionProvider>
            <CheckoutCartProvider>
              <RouterProvider router={router} />
            </CheckoutCartProvider>
          </RegionProvider>
        </SessionCartProvider>
      </EmporiumProvider>
    </I18nextProvider>
  )
}
