import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  AdminApi,
  demoAdmin,
  logIn,
  openArea,
  overflowingElements,
  screenshot,
  seriousA11yViolations,
  uniqueEmail,
  useBrowser,
  VIEWPORTS,
  watchForProblems,
} from './support.js'
import { tabTo } from './storefront-support.js'
import { placeOrder } from './orders-support.js'

const browser = useBrowser()

interface AdminOrder {
  payment_status: string
  fulfillment_status: string
  refunded_total: number
  fulfillments: { tracking_numbers: string[] }[]
}

/** Waits for the success toast of a write. */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor()
}

describe.each(VIEWPORTS)('orders at $width×$height', ({ name: size, width, height }) => {
  it('finds an order, captures, refunds part, fulfills, ships and notes it, and sees it all in the timeline', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await placeOrder(api, uniqueEmail(`orders-${size}`))

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')

    await openArea(page, 'Orders')
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor()
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.email)
    await page.waitForURL(/[?&]q=/)
    const link = page.getByRole('link', { name: `#${order.display_id}`, exact: true })
    await link.waitFor()
    expect(await page.title()).toBe('Orders · Emporium')
    await screenshot(page, `orders-list-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))

    await link.click()
    await page.getByRole('heading', { name: `Order #${order.display_id}`, level: 1 }).waitFor()
    a11y.push(...(await seriousA11yViolations(page)))

    await page.getByRole('button', { name: 'Capture payment' }).click()
    await page
      .getByRole('dialog', { name: 'Capture the payment?' })
      .getByRole('button', { name: 'Capture payment' })
      .click()
    await toast(page, 'Payment captured')

    await page.getByRole('button', { name: 'Refund', exact: true }).click()
    const refund = page.getByRole('dialog', { name: 'Refund' })
    await refund.getByRole('textbox', { name: /Amount/ }).fill('5')
    await refund.getByRole('combobox', { name: 'Reason' }).selectOption('discount')
    await refund.getByRole('textbox', { name: 'Note' }).fill('Goodwill gesture')
    await screenshot(page, `order-refund-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await refund.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('dialog', { name: 'Refund the customer?' }).getByRole('button', { name: 'Refund' }).click()
    await toast(page, 'Refund issued')

    await page.getByRole('button', { name: 'Create fulfillment' }).click()
    const fulfil = page.getByRole('dialog', { name: 'Create a fulfillment' })
    await fulfil.getByRole('spinbutton', { name: /^Quantity of/ }).fill('2')
    await fulfil.getByRole('button', { name: 'Create fulfillment' }).click()
    await toast(page, 'Fulfillment created')

    await page.getByRole('button', { name: 'Mark as shipped' }).click()
    const ship = page.getByRole('dialog', { name: 'Mark as shipped' })
    await ship.getByRole('textbox', { name: 'Tracking numbers' }).fill(`TRACK-${size}`)
    await ship.getByRole('button', { name: 'Mark as shipped' }).click()
    await toast(page, 'Marked as shipped')

    await page.getByRole('textbox', { name: 'Note', exact: true }).fill(`Packed with care (${size})`)
    await page.getByRole('button', { name: 'Add note' }).click()
    await toast(page, 'Note added')

    const timeline = page.getByRole('region', { name: 'Timeline' })
    await timeline.getByText(`Packed with care (${size})`).waitFor()
    await timeline.getByText('Items shipped').waitFor()
    await timeline.getByText(`TRACK-${size}`).waitFor()
    await timeline
      .getByText(/refunded$/)
      .first()
      .waitFor()
    await timeline.getByText(/^Payment of .* captured$/).waitFor()
    await screenshot(page, `order-detail-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))

    const saved = await api.request<{ order: AdminOrder }>('GET', `/admin/orders/${order.id}?expand=fulfillments`)
    expect(saved.order.payment_status).toBe('partially_refunded')
    expect(saved.order.fulfillment_status).toBe('shipped')
    expect(saved.order.fulfillments[0]?.tracking_numbers).toEqual([`TRACK-${size}`])

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})

describe('orders by keyboard', () => {
  it('captures a payment with the keyboard alone', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await placeOrder(api, uniqueEmail('orders-keyboard'))
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width: 1440, height: 900 })
    const problems = watchForProblems(page)
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto(`/app/a/orders/${order.id}`)
    await page.getByRole('heading', { name: `Order #${order.display_id}`, level: 1 }).waitFor()

    await tabTo(page, /^Capture payment$/)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog', { name: 'Capture the payment?' }).waitFor()
    await tabTo(page, /^Capture payment$/, 10)
    await page.keyboard.press('Enter')
    await toast(page, 'Payment captured')

    const saved = await api.request<{ order: AdminOrder }>('GET', `/admin/orders/${order.id}`)
    expect(saved.order.payment_status).toBe('captured')
    expect(problems()).toEqual([])
    await context.close()
  })
})

describe.each(VIEWPORTS)('order export at $width×$height', ({ name: size, width, height }) => {
  it('exports the found orders and downloads the CSV from the completion notice', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await placeOrder(api, uniqueEmail(`export-${size}`))
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await openArea(page, 'Orders')
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(order.email)
    await page.getByRole('link', { name: `#${order.display_id}`, exact: true }).waitFor()

    await page.getByRole('button', { name: 'Export orders' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export orders' })
    await dialog.getByRole('button', { name: 'Start export' }).click()
    await toast(page, 'Export started')
    // The batch-job poll (2 s, 5 s, 10 s, …) sees the job complete and offers its file.
    const download = page.getByRole('link', { name: 'Download the CSV file' })
    await download.waitFor({ timeout: 40_000 })
    await screenshot(page, `orders-export-done-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))
    const file = await fetch(new URL((await download.getAttribute('href'))!, page.url()))
    expect(file.status).toBe(200)
    const text = await file.text()
    expect(text.split('\n')[0]).toMatch(/^Order_ID;Display_ID;/)
    expect(text).toContain(order.id)

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
