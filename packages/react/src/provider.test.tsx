import { useQueryClient } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useCart } from './cart/cart-provider.js'
import { EmporiumClient } from './client.js'
import { EmporiumProvider, MedusaProvider, useEmporium, useMedusa } from './provider.js'
import { createQueryClient } from './query-client.js'

describe('EmporiumProvider', () => {
  it('creates a query client with the defaults of SPEC §9', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <EmporiumProvider>{children}</EmporiumProvider>
    const { result } = renderHook(() => useQueryClient().getDefaultOptions().queries, { wrapper })
    expect(result.current).toMatchObject({ refetchOnWindowFocus: false, staleTime: 90_000, retry: 1 })
  })

  it('builds a hooks client with 3 retries and the given connection settings', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <EmporiumProvider baseUrl="http://shop.test:9000" publishableApiKey="pk_test" customHeaders={{ 'x-shop': '1' }}>
        {children}
      </EmporiumProvider>
    )
    const { result } = renderHook(() => useEmporium().client.http.config, { wrapper })
    expect(result.current).toMatchObject({
      baseUrl: 'http://shop.test:9000',
      maxRetries: 3,
      publishableApiKey: 'pk_test',
      customHeaders: { 'x-shop': '1' },
    })
  })

  it('keeps one client across renders with equal settings', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <EmporiumProvider customHeaders={{ 'x-shop': '1' }}>{children}</EmporiumProvider>
    )
    const { result, rerender } = renderHook(() => useEmporium().client, { wrapper })
    const first = result.current
    rerender()
    expect(result.current).toBe(first)
  })

  it('uses a given client and query client, also in the medusa-react form', () => {
    const client = new EmporiumClient({ maxRetries: 0 })
    const queryClient = createQueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MedusaProvider client={client} queryClientProviderProps={{ client: queryClient }}>
        {children}
      </MedusaProvider>
    )
    const { result } = renderHook(() => ({ context: useMedusa(), queryClient: useQueryClient() }), { wrapper })
    expect(result.current.context.client).toBe(client)
    expect(result.current.queryClient).toBe(queryClient)
  })

  it('throws from its hooks outside the provider', () => {
    expect(() => renderHook(() => useEmporium())).toThrow('useEmporium must be used within an EmporiumProvider')
    expect(() => renderHook(() => useMedusa())).toThrow('useMedusa must be used within a MedusaProvider')
  })

  it('throws from useCart outside a CartProvider', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <EmporiumProvider>{children}</EmporiumProvider>
    expect(() => renderHook(() => useCart(), { wrapper })).toThrow('useCart must be used within a CartProvider')
  })
})
