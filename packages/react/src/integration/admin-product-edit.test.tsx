// @vitest-environment node
// The server runs in this process as Node code; the page for React comes from ../testing/dom.js.
import { makeProduct } from '../../../server/src/testing/factories/catalog.js'
import { makeUser, TEST_PASSWORD } from '../../../server/src/testing/factories/users.js'
import { liveServerForFile } from '../testing/live-server.js'
import '../testing/dom.js'
import { act, configure, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminProductKeys,
  createQueryClient,
  EmporiumClient,
  EmporiumProvider,
  useAdminCustomPost,
  useAdminGetSession,
  useAdminGetToken,
  useAdminProduct,
  useAdminProducts,
  useAdminUpdateProduct,
} from '../index.js'

const server = liveServerForFile()
// Real HTTP to a server sharing two cores with other test files: allow more than the default 1 s.
configure({ asyncUtilTimeout: 10_000 })
const staff = { email: '', productId: '', title: '' }

beforeAll(async () => {
  const db = server.database.db
  staff.email = (await makeUser(db)).email
  staff.title = `Edit me ${Date.now()}`
  staff.productId = (await makeProduct(db, { title: staff.title })).id
})

/** Renders admin hooks over a client that has already logged in with a bearer token. */
async function renderAdmin<T>(hook: () => T) {
  const client = new EmporiumClient({ baseUrl: server.baseUrl })
  await client.admin.auth.getToken({ email: staff.email, password: TEST_PASSWORD })
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <EmporiumProvider client={client} queryClient={queryClient}>
      {children}
    </EmporiumProvider>
  )
  return { ...renderHook(hook, { wrapper }), client, queryClient }
}

describe('an admin product edit through the hooks against the real server', () => {
  it('logs in with a token, then reads the session', async () => {
    const client = new EmporiumClient({ baseUrl: server.baseUrl })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <EmporiumProvider client={client}>{children}</EmporiumProvider>
    )
    const { result } = renderHook(
      () => ({ login: useAdminGetToken(), session: useAdminGetSession({ enabled: false, retry: false }) }),
      { wrapper },
    )

    await act(() => result.current.login.mutateAsync({ email: staff.email, password: TEST_PASSWORD }))
    await act(() => result.current.session.refetch())

    // The cache tells React on its next tick, so the page sees the user shortly after the fetch.
    await waitFor(() => expect(result.current.session.user?.email).toBe(staff.email))
  })

  it('refreshes the cached list and detail after an update, before the caller’s onSuccess', async () => {
    const seenByCallback: string[] = []
    const { result, queryClient } = await renderAdmin(() => {
      const list = useAdminProducts({ limit: 100 })
      const detail = useAdminProduct(staff.productId)
      const update = useAdminUpdateProduct(staff.productId, {
        onSuccess: () => {
          // Caller options never replace the hook's own refresh: it has already happened here.
          const cached = queryClient.getQueryData<{ product: { title: string } }>(
            adminProductKeys.detail(staff.productId),
          )
          seenByCallback.push(cached?.product.title ?? 'none')
        },
      })
      return { list, detail, update }
    })
    await waitFor(() => expect(result.current.detail.product?.title).toBe(staff.title))
    await waitFor(() => expect(result.current.list.products?.map((p) => p.id)).toContain(staff.productId))

    const answer = await act(() =>
      result.current.update.mutateAsync({ title: 'Edited title', description: 'Now with a description' }),
    )

    expect(answer.product.title).toBe('Edited title')
    expect(answer.response.status).toBe(200)
    // No refetch was asked for: the mutation's invalidation brought both cached answers up to date.
    await waitFor(() => expect(result.current.detail.product?.title).toBe('Edited title'))
    expect(result.current.detail.product?.description).toBe('Now with a description')
    expect(result.current.list.products?.find((p) => p.id === staff.productId)?.title).toBe('Edited title')
    expect(seenByCallback).toEqual(['Edited title'])
  })

  it('reports a refused edit as the mutation error and leaves the cache alone', async () => {
    const { result } = await renderAdmin(() => ({
      detail: useAdminProduct(staff.productId),
      update: useAdminUpdateProduct(staff.productId),
    }))
    await waitFor(() => expect(result.current.detail.isSuccess).toBe(true))
    const before = result.current.detail.dataUpdatedAt

    await act(async () => {
      await expect(result.current.update.mutateAsync({ status: 'nonsense' } as never)).rejects.toMatchObject({
        response: { status: 400, data: { type: 'invalid_data' } },
      })
    })

    expect(result.current.detail.dataUpdatedAt).toBe(before)
  })

  it('refreshes the named related domains after a custom call', async () => {
    const { result } = await renderAdmin(() => ({
      detail: useAdminProduct(staff.productId),
      custom: useAdminCustomPost<{ title: string }>(`/products/${staff.productId}`, ['custom_product_edit'], {
        product: true,
      }),
    }))
    await waitFor(() => expect(result.current.detail.isSuccess).toBe(true))

    await act(() => result.current.custom.mutateAsync({ title: 'Edited through a custom call' }))

    await waitFor(() => expect(result.current.detail.product?.title).toBe('Edited through a custom call'))
  })
})
