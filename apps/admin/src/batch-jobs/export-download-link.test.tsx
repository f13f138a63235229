// @vitest-environment node
// The real server runs in this process; this import must come first (see live-server).
import { liveServerForFile } from '../testing/live-server'
import { createQueryClient, EmporiumClient, EmporiumProvider } from '@emporium/react'
import { act, configure, render, within } from '@testing-library/react'
import toast from 'react-hot-toast'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Toaster } from '../components/toasts/toaster'
import { installBrowserStandIns } from '../testing/browser-stand-ins'
import { BatchJobNotifications } from './batch-job-notifications'

installBrowserStandIns()
const server = liveServerForFile()
const page = () => within(document.body)
configure({ asyncUtilTimeout: 20_000 })
let client: EmporiumClient

beforeAll(async () => {
  const staff = await server.makeUser()
  client = new EmporiumClient({ baseUrl: server.baseUrl })
  await client.admin.auth.getToken({ email: staff.email, password: server.password })
})

afterEach(() => {
  act(() => toast.remove())
})

function renderNotifications() {
  render(
    <EmporiumProvider client={client} queryClient={createQueryClient()}>
      <BatchJobNotifications />
      <Toaster />
    </EmporiumProvider>,
  )
}

/** The file behind a link, fetched from this test's server (the link names the configured public URL). */
async function download(href: string): Promise<{ status: number; text: string }> {
  const link = new URL(href)
  const response = await fetch(new URL(link.pathname + link.search, server.baseUrl))
  return { status: response.status, text: await response.text() }
}

describe('a finished export, against the real server', () => {
  it('announces a finished order export with a link that downloads its CSV', async () => {
    const { order } = await server.orders.swappableOrder()
    renderNotifications()
    await client.admin.batchJobs.create({ type: 'order-export', context: {}, dry_run: false } as never)
    await server.settle()

    const link = await page().findByRole('link', { name: 'Download the CSV file' })
    expect(page().getByText('order export batch job completed')).toBeInTheDocument()
    const file = await download(link.getAttribute('href')!)
    expect(file.status).toBe(200)
    const [header, ...rows] = file.text.trim().split('\n')
    expect(header).toMatch(/^Order_ID;Display_ID;/)
    expect(rows.some((row) => row.includes(order.id))).toBe(true)
    // A forged link gets nothing.
    expect((await download(link.getAttribute('href')!.replace(/signature=[^&]+/, 'signature=forged'))).status).toBe(403)
  })

  it('offers the product export its link too', async () => {
    await server.makeProduct({ title: 'Exported lamp', status: 'published' })
    renderNotifications()
    await client.admin.batchJobs.create({ type: 'product-export', context: {}, dry_run: false } as never)
    await server.settle()
    const link = await page().findByRole('link', { name: 'Download the CSV file' })
    const file = await download(link.getAttribute('href')!)
    expect(file.status).toBe(200)
    expect(file.text).toContain('Exported lamp')
  })
})
