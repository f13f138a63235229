import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { screenshot } from './support.js'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export const DESKTOP = { width: 1440, height: 900 }
export const PHONE = { width: 390, height: 844 }

/** A demo product with several variants, and one with a single variant. */
export const SHIRT = { handle: 'classic-t-shirt', title: 'Classic T-Shirt' }
export const MUG = { handle: 'stoneware-mug', title: 'Stoneware Mug' }

/**
 * Records every console error, failed request and 4xx/5xx answer of a page, so a test can end
 * with `expectClean()`: a shop that works without a single error, as a shopper would see it.
 */
export function watch(page: Page): { problems: string[]; expectClean(): void } {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => {
    // A navigation away cancels the requests of the page left behind: not a failure of the shop.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()}`)
  })
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`)
  })
  return { problems, expectClean: () => expect(problems).toEqual([]) }
}

/** A storefront page on a fresh context at the given viewport. */
export async function openShop(
  newContext: () => Promise<BrowserContext>,
  viewport: { width: number; height: number },
): Promise<{ page: Page; watcher: ReturnType<typeof watch> }> {
  const context = await newContext()
  const page = await context.newPage()
  await page.setViewportSize(viewport)
  return { page, watcher: watch(page) }
}

/** axe-core, injected into the page: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.waitForLoadState('networkidle')
  // Evaluated through the DevTools protocol: the shop's Content-Security-Policy (rightly) refuses
  // an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run()
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
  })
  expect(violations, `axe on ${label}`).toEqual([])
}

interface AxeViolation {
  id: string
  impact: string | null
  nodes: { target: string[] }[]
}

/**
 * Opens a shop page and waits until the client has rendered it: before that the page is the
 * server's HTML, and a click or a choice on it is lost when the client takes over.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' })
}

/** Checks the page, then keeps its picture. */
export async function checkpoint(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name)
  await screenshot(page, name)
}

export async function addToCart(page: Page, product: { handle: string; title: string }): Promise<void> {
  await visit(page, `/products/${product.handle}`)
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor()
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await page.getByText('Added to your cart.').waitFor()
}

export interface Shopper {
  email: string
  firstName: string
  lastName: string
}

/** From the cart page to a placed order, with the mouse; answers the order number shown. */
export async function checkOut(page: Page, shopper: Shopper, options: { doubleClick?: boolean } = {}): Promise<number> {
  await visit(page, '/cart')
  await page.getByRole('button', { name: 'Go to checkout' }).click()
  await page.waitForURL('**/checkout')
  const email = page.getByRole('textbox', { name: 'E-mail' })
  // A logged-in customer's cart already carries their e-mail.
  if ((await email.inputValue()) === '') await email.fill(shopper.email)
  await page.getByRole('textbox', { name: 'First name' }).fill(shopper.firstName)
  await page.getByRole('textbox', { name: 'Last name' }).fill(shopper.lastName)
  await page.getByRole('textbox', { name: 'Address' }).fill('1 Market Street')
  await page.getByRole('textbox', { name: 'Postal code' }).fill('94105')
  await page.getByRole('textbox', { name: 'City' }).fill('San Francisco')
  await page.getByRole('combobox', { name: 'Country', exact: true }).last().selectOption('us')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByTestId('address-summary').waitFor()
  await page.getByRole('radio', { name: /Standard Shipping/ }).check()
  await expect.poll(() => page.getByRole('radio', { name: /Pay later/ }).isChecked()).toBe(true)
  await checkpoint(page, `checkout-${page.viewportSize()?.width}`)
  const placeOrder = page.getByRole('button', { name: 'Place order' })
  if (options.doubleClick) await placeOrder.dblclick()
  else await placeOrder.click()
  await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor()
  const number = await page.getByTestId('order-number').innerText()
  return Number(number.replace(/\D/g, ''))
}

export function uniqueShopper(purpose: string): Shopper {
  return {
    email: `${purpose}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`,
    firstName: 'Grace',
    lastName: 'Hopper',
  }
}

/** The accessible name of the focused element, as near as a label or text gives it. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null
    if (!element) return ''
    const label = element.labels?.[0]?.textContent ?? element.getAttribute('aria-label') ?? element.textContent ?? ''
    return label.trim()
  })
}

/** Presses Tab (and only Tab) until the focused element's name matches. */
export async function tabTo(page: Page, name: RegExp, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab')
    if (name.test(await focusedName(page))) return
  }
  throw new Error(`Tab never reached an element named ${name}`)
}

/** Moves through a radio group with the arrow keys until the focused radio's name matches. */
export async function arrowTo(page: Page, name: RegExp, limit = 10): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (name.test(await focusedName(page))) return
    await page.keyboard.press('ArrowDown')
  }
  throw new Error(`The arrow keys never reached a radio named ${name}`)
}
