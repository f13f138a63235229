import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fulfilledOrder } from './orders-support.js'
import {
  AdminApi,
  launchChromium,
  logIn,
  screenshot,
  seriousA11yViolations,
  startExtraServer,
  watchForProblems,
  type ExtraServer,
} from './support.js'

// Categories and inventory sit behind flags the shared server leaves off: this file runs its own
// server with both on, so every list page of the admin is reachable.
let server: ExtraServer
let browser: Browser
let api: AdminApi
let context: BrowserContext
let page: Page
let problems: () => string[]
const ids: Record<'order' | 'product' | 'customer' | 'group', string> = {
  order: '',
  product: '',
  customer: '',
  group: '',
}
const GROUP = 'Wholesale partners with a rather long name'

beforeAll(async () => {
  server = await startExtraServer({ EMPORIUM_FF_INVENTORYSERVICE: 'true', EMPORIUM_FF_PRODUCT_CATEGORIES: 'true' })
  api = await AdminApi.loginAt(server.baseUrl, server.login.email, server.login.password)
  // A row in every list, with long values, so no table is measured empty.
  const { customer } = await api.request<{ customer: { id: string } }>('POST', '/admin/customers', {
    email: 'a.very.long.customer.address@wholesale-example.com',
    first_name: 'Bartholomew',
    last_name: 'Featherstonehaugh',
    password: 'layout-password-42',
  })
  ids.customer = customer.id
  const { customer_group } = await api.request<{ customer_group: { id: string } }>('POST', '/admin/customer-groups', {
    name: GROUP,
  })
  ids.group = customer_group.id
  await api.request('POST', `/admin/customer-groups/${customer_group.id}/customers/batch`, {
    customer_ids: [{ id: customer.id }],
  })
  await api.request('POST', '/admin/product-categories', { name: 'Outdoor clothing and accessories' })
  await api.request('POST', '/admin/return-reasons', { value: 'wrong_size', label: 'Wrong size ordered' })
  const { products } = await api.request<{ products: { id: string }[] }>('GET', '/admin/products?limit=1')
  ids.product = products[0]!.id
  ids.order = (await fulfilledOrder(api, 'a.very.long.shopper.address@example.com')).id
  const { regions } = await api.request<{ regions: { id: string }[] }>('GET', '/admin/regions?limit=1')
  const { shipping_options } = await api.request<{ shipping_options: { id: string }[] }>(
    'GET',
    `/admin/shipping-options?region_id=${regions[0]!.id}&name=Standard%20Shipping`,
  )
  await api.request('POST', '/admin/draft-orders', {
    email: 'draft.shopper@example.com',
    region_id: regions[0]!.id,
    items: [{ title: 'Hand-made linen tablecloth, extra large', unit_price: 12_500, quantity: 1 }],
    shipping_methods: [{ option_id: shipping_options[0]!.id }],
  })
  const { stock_location } = await api.request<{ stock_location: { id: string } }>('POST', '/admin/stock-locations', {
    name: 'North warehouse',
  })
  const { inventory_item } = await api.request<{ inventory_item: { id: string } }>('POST', '/admin/inventory-items', {
    title: 'Linen apron',
    sku: 'APRON-LAYOUT',
  })
  await api.request('POST', `/admin/inventory-items/${inventory_item.id}/location-levels`, {
    location_id: stock_location.id,
    stocked_quantity: 5,
  })
  await api.request('POST', '/admin/reservations', {
    inventory_item_id: inventory_item.id,
    location_id: stock_location.id,
    quantity: 1,
  })

  browser = await launchChromium()
  context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
  })
  context.setDefaultTimeout(20_000)
  page = await context.newPage()
  problems = watchForProblems(page)
  await logIn(page, server.login.email, server.login.password)
  await page.waitForURL('**/app/a')
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
})

/** Every list page of the admin, and a few detail pages. */
const PAGES = [
  { path: '/orders', heading: 'Orders' },
  { path: '/draft-orders', heading: 'Draft orders' },
  { path: '/products', heading: 'Products' },
  { path: '/product-categories', heading: 'Categories' },
  { path: '/collections', heading: 'Collections' },
  { path: '/customers', heading: 'Customers' },
  { path: '/customers/groups', heading: 'Customer groups' },
  { path: '/inventory', heading: 'Inventory' },
  { path: '/inventory/locations', heading: 'Inventory' },
  { path: '/inventory/reservations', heading: 'Inventory' },
  { path: '/sales-channels', heading: 'Sales Channels' },
  { path: '/publishable-api-keys', heading: 'Publishable API Keys' },
  { path: '/settings/currencies', heading: 'Currencies' },
  { path: '/settings/regions', heading: 'Regions' },
  { path: '/settings/taxes', heading: undefined },
  { path: '/settings/shipping', heading: 'Shipping' },
  { path: '/settings/return-reasons', heading: 'Return reasons' },
  { path: '/settings/team', heading: 'The team' },
  { path: () => `/orders/${ids.order}`, heading: undefined },
  { path: () => `/products/${ids.product}`, heading: undefined },
  { path: () => `/customers/${ids.customer}`, heading: 'Bartholomew Featherstonehaugh' },
  { path: () => `/customers/groups/${ids.group}`, heading: GROUP },
]

/** How far the page (the document, or the main region the shell scrolls) reaches past the window. */
function sidewaysOverflow(page: Page): Promise<{ document: number; main: number; window: number }> {
  return page.evaluate(() => {
    const main = document.querySelector('main')
    return {
      document: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
      window: window.innerWidth,
    }
  })
}

describe('the admin on a 390×844 phone', () => {
  it('never scrolls a list or detail page sideways; wide tables scroll in their own region', async () => {
    const wide: string[] = []
    const a11y: string[] = []
    for (const screen of PAGES) {
      const path = `/app/a${typeof screen.path === 'function' ? screen.path() : screen.path}`
      await page.goto(path)
      const heading = page.getByRole('heading', { level: 1, ...(screen.heading ? { name: screen.heading } : {}) })
      await heading.first().waitFor()
      await page.waitForLoadState('networkidle')
      // Skeleton rows are narrower than the rows they stand for: measure what has loaded.
      await page.locator('[data-testid="skeleton-row"]').first().waitFor({ state: 'detached' })
      const { document, main, window } = await sidewaysOverflow(page)
      if (document > window || main > 0) wide.push(`${path}: document ${document} px, main +${main} px`)
      a11y.push(...(await seriousA11yViolations(page)).map((violation) => `${path}: ${violation}`))
    }
    await page.goto('/app/a/orders')
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor()
    await screenshot(page, 'layout-orders-phone')
    expect(wide).toEqual([])
    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    // 22 pages, each checked with axe-core: slow on two shared cores.
  }, 600_000)

  it('shows toasts clear of the header buttons, still announced', async () => {
    await page.goto('/app/a/customers/groups')
    await page.getByRole('heading', { name: 'Customer groups', level: 1 }).waitFor()
    await page.getByRole('button', { name: `Actions for ${GROUP}` }).click()
    await page.getByRole('menuitem', { name: 'Rename' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rename group' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${GROUP} renamed`)
    await dialog.getByRole('button', { name: 'Save' }).click()
    const toast = page.getByRole('status').filter({ hasText: 'Group renamed' })
    await toast.waitFor()
    await dialog.waitFor({ state: 'detached' })
    await screenshot(page, 'layout-toast-phone')

    const box = (await toast.boundingBox())!
    // The top bar's and the page header's buttons.
    const buttons = [
      ...(await page.locator('header').getByRole('button').all()),
      page.getByRole('button', { name: 'New group', exact: true }),
    ]
    const covered: string[] = []
    for (const button of buttons) {
      const other = await button.boundingBox()
      if (!other) continue
      const apart =
        box.x + box.width <= other.x ||
        other.x + other.width <= box.x ||
        box.y + box.height <= other.y ||
        other.y + other.height <= box.y
      if (!apart) covered.push((await button.textContent()) || (await button.getAttribute('aria-label')) || '?')
    }
    expect(covered).toEqual([])
    // Inside the window, and no wider than it.
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    expect(box.y + box.height).toBeLessThanOrEqual(844)
    expect(problems()).toEqual([])
  })
})
