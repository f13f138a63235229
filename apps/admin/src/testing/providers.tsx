import { createQueryClient, EmporiumProvider } from '@emporium/react'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ExtensionRegistry } from '../extensions/registry'
import { ExtensionsProvider } from '../extensions/extensions-context'

/**
 * The app's data and extension providers for a component test. No server listens at the client's
 * address: what a test needs from the server it puts in the query cache first, as a route loader
 * would; anything else a screen asks for fails fast and shows as a load error.
 */
export function testProviders(queryClient: QueryClient = createQueryClient()) {
  const registry = new ExtensionRegistry()
  function Providers({ children }: { children: ReactNode }) {
    return (
      <EmporiumProvider baseUrl="http://127.0.0.1:9" maxRetries={0} queryClient={queryClient}>
        <ExtensionsProvider registry={registry}>{children}</ExtensionsProvider>
      </EmporiumProvider>
    )
  }
  return { queryClient, Providers }
}
