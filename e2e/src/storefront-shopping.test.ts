import { describe, expect, it } from 'vitest'
import { AdminApi, demoAdmin, screenshot, useBrowser } from './support.js'
import {
  addToCart,
  checkOut,
  checkpoint,
  DESKTOP,
  MUG,
  openShop,
  PHONE,
  SHIRT,
  uniqueShopper,
  visit,
} from './storefront-support.js'

const browser = useBrowser()

interface AdminOrder {
  id: string
  display_id: number
  items: { title: string; quantity: number }[]
}

/** The orders placed with an e-mail, as the admin sees them on the (guest or registered) customer. */
async function ordersOf(email: string): Promise<AdminOrder[]> {
  const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
  const { customers } = await api.request<{ customers: { email: string; orders?: AdminOrder[] }[] }>(
    'GET',
    `/admin/customers?q=${encodeURIComponent(email)}&expand=orders,orders.items&limit=10`,
  )
  return customers.filter((customer) => customer.email === email).flatMap((customer) => customer.orders ?? [])
}

describe('the storefront', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('lets a guest buy two products and look the order up (%s)', async (name, viewport) => {
    const shopper = uniqueShopper(`guest-${name}`)
    const { page, watcher } = await openShop(browser.newContext, viewport)

    await visit(page, '/')
    await page.getByRole('heading', { name: 'Featured collections' }).waitFor()
    await checkpoint(page, `storefront-home-${name}`)
    await visit(page, '/products')
    await page.getByTestId('product-grid').getByRole('listitem').first().waitFor()
    await checkpoint(page, `storefront-catalogue-${name}`)
    await addToCart(page, SHIRT)
    await checkpoint(page, `storefront-product-${name}`)
    await addToCart(page, MUG)
    await visit(page, '/cart')
    await expect.poll(() => page.getByTestId('cart-item').count()).toBe(2)
    await checkpoint(page, `storefront-cart-${name}`)
    const orderNumber = await checkOut(page, shopper)
    await checkpoint(page, `storefront-confirmation-${name}`)

    const [order] = await ordersOf(shopper.email)
    expect(order.display_id).toBe(orderNumber)
    expect(order.items.map((item) => item.title).sort()).toHaveLength(2)

    await visit(page, '/order/lookup')
    await page.getByRole('textbox', { name: 'E-mail' }).fill(shopper.email)
    await page.getByRole('textbox', { name: 'Order number' }).fill(String(orderNumber))
    await page.getByRole('button', { name: 'Find my order' }).click()
    await page.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor()
    expect(await page.getByTestId('order-item').count()).toBe(2)
    await checkpoint(page, `storefront-lookup-${name}`)
    watcher.expectClean()
  })

  it('lets a customer register, buy, and find the order in their history', async () => {
    const shopper = uniqueShopper('customer')
    const { page, watcher } = await openShop(browser.newContext, PHONE)

    await visit(page, '/account')
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    await checkpoint(page, 'storefront-login')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByRole('textbox', { name: 'First name' }).fill(shopper.firstName)
    await page.getByRole('textbox', { name: 'Last name' }).fill(shopper.lastName)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(shopper.email)
    await page.getByLabel('Password').fill('correct horse battery')
    await checkpoint(page, 'storefront-register')
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByRole('heading', { name: `Hello, ${shopper.firstName}` }).waitFor()
    await page.getByText('You have no orders yet.').waitFor()

    await addToCart(page, MUG)
    const orderNumber = await checkOut(page, shopper)

    await visit(page, '/account')
    await page.getByRole('textbox', { name: 'Address' }).fill('2 Harbour Road')
    await page.getByRole('textbox', { name: 'Postal code' }).fill('10001')
    await page.getByRole('textbox', { name: 'City' }).fill('New York')
    await page.getByRole('button', { name: 'Save address' }).click()
    const deleteAddress = page.getByRole('button', { name: /^Delete address .*2 Harbour Road/ })
    await deleteAddress.waitFor()
    await deleteAddress.click()
    await page.getByText('No saved address.').waitFor()
    const link = page.getByTestId('order-history').getByRole('link', { name: new RegExp(`^Order #${orderNumber},`) })
    await link.waitFor()
    await checkpoint(page, 'storefront-account')
    await link.click()
    await page.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor()
    await checkpoint(page, 'storefront-account-order')

    await visit(page, '/account')
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('heading', { name: 'Featured collections' }).waitFor()
    watcher.expectClean()
  })

  it('lets a customer reset a forgotten password from the e-mailed link', async () => {
    const shopper = uniqueShopper('reset')
    const { page, watcher } = await openShop(browser.newContext, PHONE)
    await visit(page, '/account/register')
    await page.getByRole('textbox', { name: 'First name' }).fill(shopper.firstName)
    await page.getByRole('textbox', { name: 'Last name' }).fill(shopper.lastName)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(shopper.email)
    await page.getByLabel('Password').fill('first password 1')
    await page.getByRole('button', { name: 'Create an account' }).click()
    await page.getByRole('heading', { name: `Hello, ${shopper.firstName}` }).waitFor()
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('heading', { name: 'Featured collections' }).waitFor()

    await visit(page, '/account/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await page.getByRole('textbox', { name: 'E-mail' }).fill(shopper.email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await page.getByText('If an account uses this e-mail, a link is on its way.').waitFor()
    await checkpoint(page, 'storefront-reset-request')
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const link = new URL(await api.notificationLink('customer.password_reset', shopper.email))
    await visit(page, link.pathname + link.search)
    await page.getByLabel('New password').fill('second password 2')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByText('Your password is changed. You can log in.').waitFor()
    await checkpoint(page, 'storefront-reset-done')

    await page.getByRole('link', { name: 'Log in' }).last().click()
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    await page.getByRole('textbox', { name: 'E-mail' }).fill(shopper.email)
    await page.getByLabel('Password').fill('second password 2')
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: `Hello, ${shopper.firstName}` }).waitFor()
    watcher.expectClean()
  })

  it('suggests products while the shopper types, and lists the results of a search', async () => {
    const { page, watcher } = await openShop(browser.newContext, PHONE)
    await visit(page, '/search')
    await page.getByRole('searchbox', { name: 'Search products' }).fill('hood')

    const suggestions = page.getByRole('navigation', { name: 'Suggestions' })
    await suggestions.getByRole('link', { name: 'Everyday Hoodie' }).waitFor()
    await checkpoint(page, 'storefront-search-suggestions')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByText('1 result for “hood”').waitFor()
    await page.getByRole('link', { name: 'Everyday Hoodie' }).click()
    await page.getByRole('heading', { level: 1, name: 'Everyday Hoodie' }).waitFor()
    watcher.expectClean()
  })

  it('changes the currency when the shopper picks a country of another region', async () => {
    const { page, watcher } = await openShop(browser.newContext, DESKTOP)
    await visit(page, `/products/${SHIRT.handle}`)
    const price = page.getByTestId('product-price')
    await expect.poll(() => price.innerText()).toMatch(/^\$\d+\.\d\d$/)

    await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany (EUR)' })

    await expect.poll(() => price.innerText()).toMatch(/€/)
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de')
    await expect.poll(() => price.innerText()).toMatch(/^\d+,\d\d\s€$/)
    await page.getByText('inkl. MwSt.').waitFor()
    await screenshot(page, 'storefront-product-de-eur')
    watcher.expectClean()
  })

  it('places one order when "Place order" is double-clicked', async () => {
    const shopper = uniqueShopper('double')
    const { page, watcher } = await openShop(browser.newContext, DESKTOP)
    await addToCart(page, SHIRT)

    await checkOut(page, shopper, { doubleClick: true })

    expect(await ordersOf(shopper.email)).toHaveLength(1)
    watcher.expectClean()
  })
})
