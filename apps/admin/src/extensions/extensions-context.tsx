import { createContext, useContext, type ReactNode } from 'react'
import { ExtensionRegistry } from './registry'

const ExtensionsContext = createContext<ExtensionRegistry | null>(null)

export function ExtensionsProvider({ registry, children }: { registry: ExtensionRegistry; children: ReactNode }) {
  return <ExtensionsContext.Provider value={registry}>{children}</ExtensionsContext.Provider>
}

export function useExtensions(): ExtensionRegistry {
  const registry = useContext(ExtensionsContext)
  if (!registry) throw new Error('useExtensions must be used within an ExtensionsProvider')
  return registry
}
