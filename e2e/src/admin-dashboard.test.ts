import { describe, expect, it } from 'vitest'
import {
  AdminApi,
  demoAdmin,
  logIn,
  overflowingElements,
  screenshot,
  seriousA11yViolations,
  uniqueEmail,
  useBrowser,
  VIEWPORTS,
  watchForProblems,
} from './support.js'
import { placeOrder } from './orders-support.js'

const browser = useBrowser()

describe.each(VIEWPORTS)('the home dashboard at $width×$height', ({ name: size, width, height }) => {
  it("lands on the dashboard after login and shows today's order in its figures", async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await placeOrder(api, uniqueEmail(`dashboard-${size}`))
    const { dashboard } = await api.request<{
      dashboard: { totals: { currency_code: string; orders: number }[]; orders_to_fulfil: { count: number } }
    }>('GET', '/admin/dashboard?period=7d')
    expect(dashboard.totals.reduce((sum, total) => sum + total.orders, 0)).toBeGreaterThan(0)

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    const main = page.getByRole('main')

    // The order placed above is the oldest open one only if the store had none; it is listed or counted.
    const toFulfil = main.getByRole('region', { name: 'Orders to fulfil' })
    await toFulfil.getByText(/^Waiting: \d+/).waitFor()
    const waiting = Number((await toFulfil.getByText(/^Waiting: \d+/).textContent())!.replace(/\D/g, ''))
    expect(waiting).toBeGreaterThanOrEqual(1)
    const top = main.getByRole('region', { name: 'Top products' })
    await top.getByRole('link').first().waitFor()
    await main.locator('.recharts-bar-rectangle').first().waitFor()

    await main.getByRole('button', { name: '7 days' }).click()
    expect(await main.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true')
    const orders = main.getByText('Orders', { exact: true }).locator('xpath=following-sibling::dd')
    await expect.poll(async () => Number((await orders.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0)
    await screenshot(page, `dashboard-${size}`)

    expect(await seriousA11yViolations(page)).toEqual([])
    expect(await overflowingElements(page)).toEqual([])

    // The listed order opens its page.
    if (await toFulfil.getByRole('link', { name: `#${order.display_id}` }).count()) {
      await toFulfil.getByRole('link', { name: `#${order.display_id}` }).click()
      await page.waitForURL(`**/app/a/orders/${order.id}`)
    }
    expect(problems()).toEqual([])
    await context.close()
  })
})
