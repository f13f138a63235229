import { EmporiumProvider, SessionCartProvider, type EmporiumClient } from '@emporium/react'
import type { QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { CheckoutCartProvider } from './lib/checkout-cart'
import { FeaturesContext } from './lib/features'
import { RegionProvider } from './lib/region'

export interface ShopProvidersProps {
  i18n: I18n
  client: EmporiumClient
  queryClient: QueryClient
  browserCountry?: string
  features: readonly string[]
  children: ReactNode
}

/** Everything a page needs around it, the same in the browser and in the server render. */
export function ShopProviders({ i18n, client, queryClient, browserCountry, features, children }: ShopProvidersProps) {
  return (
    <FeaturesContext.Provider value={features}>
      <I18nextProvider i18n={i18n}>
        <EmporiumProvider client={client} queryClient={queryClient}>
          <SessionCartProvider>
            <RegionProvider browserCountry={browserCountry}>
              <CheckoutCartProvider>{children}</CheckoutCartProvider>
            </RegionProvider>
          </SessionCartProvider>
        </EmporiumProvider>
      </I18nextProvider>
    </FeaturesContext.Provider>
  )
}
