import { describe, expect, it } from 'vitest'
import {
  AdminApi,
  demoAdmin,
  logIn,
  overflowingElements,
  screenshot,
  seriousA11yViolations,
  useBrowser,
  VIEWPORTS,
  watchForProblems,
} from './support.js'

const browser = useBrowser()

interface Region {
  id: string
  name: string
  currency_code: string
}

/** The screens moved onto the design system, each checked with axe-core and for sideways scrolling. */
const SCREENS = [
  { path: '/app/a/products', heading: 'Products' },
  { path: '/app/a/collections', heading: 'Collections' },
  { path: '/app/a/sales-channels', heading: 'Sales Channels' },
  { path: '/app/a/publishable-api-keys', heading: 'Publishable API Keys' },
  { path: '/app/a/settings/currencies', heading: 'Currencies' },
  { path: '/app/a/settings/regions', heading: 'Regions' },
  { path: '/app/a/settings/team', heading: 'The team' },
]

describe.each(VIEWPORTS)('settings and moved screens at $width×$height', ({ name: size, width, height }) => {
  it('adds a flat-rate shipping option priced in the region currency', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const { regions } = await api.request<{ regions: Region[] }>('GET', '/admin/regions?limit=1')
    const region = regions[0]
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')

    await page.goto('/app/a/settings/shipping')
    await page.getByRole('heading', { name: 'Shipping', level: 1 }).waitFor()
    const a11y = await seriousA11yViolations(page)
    await page.getByRole('button', { name: 'New shipping option' }).click()
    const dialog = page.getByRole('dialog', { name: `New shipping option in ${region.name}` })
    const name = `Courier ${size} ${Date.now().toString(36)}`
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    const zeroDecimal = ['jpy', 'krw', 'vnd'].includes(region.currency_code)
    await dialog.getByRole('textbox', { name: 'Price' }).fill(zeroDecimal ? '1250' : '12.50')
    a11y.push(...(await seriousA11yViolations(page)))
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page
      .getByRole('status')
      .filter({ hasText: `Shipping option ${name} created` })
      .waitFor()
    await page.getByRole('cell', { name, exact: true }).waitFor()
    await screenshot(page, `settings-shipping-${size}`)

    const { shipping_options } = await api.request<{ shipping_options: { name: string; amount: number }[] }>(
      'GET',
      `/admin/shipping-options?region_id=${region.id}`,
    )
    expect(shipping_options.find((option) => option.name === name)?.amount).toBe(1250)

    const overflow: string[] = []
    for (const screen of SCREENS) {
      await page.goto(screen.path)
      await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      a11y.push(...(await seriousA11yViolations(page)).map((violation) => `${screen.path}: ${violation}`))
      overflow.push(...(await overflowingElements(page)).map((element) => `${screen.path}: ${element}`))
    }
    expect(a11y).toEqual([])
    expect(overflow).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
