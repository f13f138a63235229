import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminApi,
  launchChromium,
  logIn,
  openArea,
  overflowingElements,
  screenshot,
  seriousA11yViolations,
  startExtraServer,
  VIEWPORTS,
  watchForProblems,
  type ExtraServer,
} from './support.js'

// Inventory is behind the inventoryService flag, off on the shared server: this file runs its own.
let server: ExtraServer
let browser: Browser
let api: AdminApi
beforeAll(async () => {
  server = await startExtraServer({ EMPORIUM_FF_INVENTORYSERVICE: 'true' })
  api = await AdminApi.loginAt(server.baseUrl, server.login.email, server.login.password)
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

interface Level {
  location_id: string
  stocked_quantity: number
}

describe.each(VIEWPORTS)('inventory at $width×$height', ({ name: size, width, height }) => {
  it('changes the stock of an item at a location', async () => {
    const { stock_location: warehouse } = await api.request<{ stock_location: { id: string; name: string } }>(
      'POST',
      '/admin/stock-locations',
      { name: `Warehouse ${size}` },
    )
    const title = `Linen apron ${size}`
    const { inventory_item: item } = await api.request<{ inventory_item: { id: string } }>(
      'POST',
      '/admin/inventory-items',
      { title, sku: `APRON-${size.toUpperCase()}-${Date.now().toString(36)}` },
    )
    await api.request('POST', `/admin/inventory-items/${item.id}/location-levels`, {
      location_id: warehouse.id,
      stocked_quantity: 5,
    })

    const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'en-US', viewport: { width, height } })
    context.setDefaultTimeout(20_000)
    const page = await context.newPage()
    const problems = watchForProblems(page)
    await logIn(page, server.login.email, server.login.password)
    await page.waitForURL('**/app/a')

    await openArea(page, 'Inventory')
    await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor()
    await page.getByRole('searchbox', { name: 'Search items' }).fill(title)
    await page.waitForURL(/[?&]q=/)
    const stock = page.getByRole('spinbutton', { name: `Stock of ${title} at Warehouse ${size}` })
    await expect.poll(() => stock.inputValue()).toBe('5')
    expect(await page.title()).toBe('Inventory · Emporium')
    const a11y = await seriousA11yViolations(page)

    await stock.fill('12')
    await stock.press('Enter')
    await page
      .getByRole('status')
      .filter({ hasText: `Stock of ${title} at Warehouse ${size} saved` })
      .waitFor()
    await screenshot(page, `inventory-items-${size}`)
    expect(await overflowingElements(page)).toEqual([])

    const { inventory_item: saved } = await api.request<{ inventory_item: { location_levels: Level[] } }>(
      'GET',
      `/admin/inventory-items/${item.id}`,
    )
    expect(saved.location_levels.find((level) => level.location_id === warehouse.id)?.stocked_quantity).toBe(12)

    // The locations tab lists the warehouse; reservations has its empty state or rows.
    await page.getByRole('navigation', { name: 'Inventory pages' }).getByRole('link', { name: 'Locations' }).click()
    await page.getByRole('cell', { name: `Warehouse ${size}`, exact: true }).waitFor()
    a11y.push(...(await seriousA11yViolations(page)))
    await screenshot(page, `inventory-locations-${size}`)
    await page.getByRole('navigation', { name: 'Inventory pages' }).getByRole('link', { name: 'Reservations' }).click()
    await page.getByRole('button', { name: 'New reservation' }).first().waitFor()
    a11y.push(...(await seriousA11yViolations(page)))

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
