import { QueryClientProvider, type QueryClient, type QueryClientProviderProps } from '@tanstack/react-query'
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { EmporiumClient } from './client.js'
import { createQueryClient } from './query-client.js'

export interface EmporiumContextValue {
  client: EmporiumClient
}

const EmporiumContext = createContext<EmporiumContextValue | null>(null)

export interface EmporiumProviderProps {
  children?: ReactNode
  /** Server origin; `http://localhost:9000` by default. */
  baseUrl?: string
  /** Retries per request of the hooks' client; 3 by default (the raw client's default is 0). */
  maxRetries?: number
  /** A user's API token for admin calls. */
  apiKey?: string
  /** The storefront's publishable API key. */
  publishableApiKey?: string
  /** Headers added to every call. */
  customHeaders?: Record<string, string>
  /** A ready client; when given, the connection props above are not used. */
  client?: EmporiumClient
  /** A QueryClient of the caller's; by default one with SPEC §9 defaults ({@link createQueryClient}). */
  queryClient?: QueryClient
  /** medusa-react's way of passing the QueryClient (`{ client: queryClient }`). */
  queryClientProviderProps?: Omit<QueryClientProviderProps, 'children'>
}

/**
 * Gives every hook below it a client and a query cache.
 *
 * @example
 * <EmporiumProvider baseUrl="http://localhost:9000" publishableApiKey="pk_…">
 *   <Storefront />
 * </EmporiumProvider>
 * @since 0.1.0
 */
export function EmporiumProvider({
  children,
  baseUrl,
  maxRetries = 3,
  apiKey,
  publishableApiKey,
  customHeaders,
  client: givenClient,
  queryClient: givenQueryClient,
  queryClientProviderProps,
}: EmporiumProviderProps) {
  const [ownQueryClient] = useState(createQueryClient)
  const queryClient = queryClientProviderProps?.client ?? givenQueryClient ?? ownQueryClient
  // Headers are compared by content so an inline object literal does not rebuild the client each render.
  const headersKey = JSON.stringify(customHeaders ?? {})
  const client = useMemo(
    () =>
      givenClient ??
      new EmporiumClient({
        baseUrl,
        maxRetries,
        apiKey,
        publishableApiKey,
        customHeaders: JSON.parse(headersKey) as Record<string, string>,
      }),
    [givenClient, baseUrl, maxRetries, apiKey, publishableApiKey, headersKey],
  )
  const value = useMemo(() => ({ client }), [client])

  return (
    <QueryClientProvider {...queryClientProviderProps} client={queryClient}>
      <EmporiumContext.Provider value={value}>{children}</EmporiumContext.Provider>
    </QueryClientProvider>
  )
}

/**
 * The provider's client, for calls no hook covers.
 *
 * @example
 * const { client } = useEmporium()
 * await client.store.auth.getToken({ email, password })
 * @since 0.1.0
 */
export function useEmporium(): EmporiumContextValue {
  const context = useContext(EmporiumContext)
  if (!context) throw new Error('useEmporium must be used within an EmporiumProvider')
  return context
}

/** medusa-react's name for {@link EmporiumProvider}. */
export const MedusaProvider = EmporiumProvider

/**
 * medusa-react's name for {@link useEmporium}.
 *
 * @example
 * const { client } = useMedusa()
 */
export function useMedusa(): EmporiumContextValue {
  const context = useContext(EmporiumContext)
  if (!context) throw new Error('useMedusa must be used within a MedusaProvider')
  return context
}
