import { describe, expect, it } from 'vitest'
import { screenshot, useBrowser } from './support.js'
import { arrowTo, DESKTOP, MUG, openShop, SHIRT, tabTo, uniqueShopper, visit } from './storefront-support.js'

const browser = useBrowser()

describe('the storefront without a mouse or without JavaScript', () => {
  it('shows the catalogue products and a product page in the HTML, before any script runs', async () => {
    const context = await browser.newContext()
    await context.route('**/*.js', (route) => route.abort())
    const page = await context.newPage()
    await page.setViewportSize(DESKTOP)
    await page.addInitScript(() => {
      throw new Error('no script may run in this test')
    })

    const catalogue = await page.goto('/products?sort=title')
    expect(catalogue?.status()).toBe(200)
    const grid = page.getByTestId('product-grid')
    expect(await grid.getByRole('listitem').count()).toBe(12)
    expect(await grid.getByRole('link', { name: SHIRT.title }).count()).toBe(1)
    expect(await page.getByText('$25.00').count()).toBeGreaterThan(0)
    expect(await page.title()).toBe('All products · Emporium Demo Store')
    await screenshot(page, 'storefront-catalogue-no-js')

    const product = await page.goto(`/products/${SHIRT.handle}`)
    expect(product?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(SHIRT.title)
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(SHIRT.title)
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()

    const missing = await page.goto('/products/no-such-product')
    expect(missing?.status()).toBe(404)
  })

  it('renders the page in the language the browser asks for', async () => {
    const context = await browser.newContext()
    await context.route('**/*.js', (route) => route.abort())
    // The context speaks en-US; this page's request asks for French, as a French browser would.
    await context.route('**/products/**', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'accept-language': 'fr-FR,fr;q=0.9' } }),
    )
    const page = await context.newPage()

    await page.goto(`/products/${MUG.handle}`)

    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(1)
    // A French browser's country is France, in the euro region.
    expect(await page.getByTestId('product-price').innerText()).toMatch(/€/)
  })

  it('lets a shopper check out with the keyboard only', async () => {
    const shopper = uniqueShopper('keyboard')
    const { page, watcher } = await openShop(browser.newContext, DESKTOP)
    await visit(page, `/products/${MUG.handle}`)
    await page.getByRole('heading', { level: 1, name: MUG.title }).waitFor()

    await tabTo(page, /^Add to cart$/)
    await page.keyboard.press('Enter')
    await page.getByText('Added to your cart.').waitFor()
    await page.keyboard.press('Home')
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await tabTo(page, /^Cart \(1\)$/)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/cart')
    await tabTo(page, /^Go to checkout$/)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/checkout')

    await tabTo(page, /^E-mail$/)
    await page.keyboard.type(shopper.email)
    for (const [label, text] of [
      [/^First name$/, shopper.firstName],
      [/^Last name$/, shopper.lastName],
      [/^Address$/, '1 Market Street'],
      [/^Postal code$/, '94105'],
      [/^City$/, 'San Francisco'],
    ] as const) {
      await tabTo(page, label, 3)
      await page.keyboard.type(text)
    }
    await tabTo(page, /^Continue$/)
    await page.keyboard.press('Enter')
    await page.getByTestId('address-summary').waitFor()
    await page.getByRole('radio', { name: /Standard Shipping/ }).waitFor()

    await tabTo(page, /Shipping/)
    await arrowTo(page, /^Standard Shipping/)
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByRole('radio', { name: /Pay later/ }).isChecked()).toBe(true)
    await tabTo(page, /^Place order$/)
    await page.keyboard.press('Enter')

    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor()
    await screenshot(page, 'storefront-keyboard-confirmation')
    watcher.expectClean()
  })
})
