import { describe, expect, it } from 'vitest'
import { fulfilledOrder, toast } from './orders-support.js'
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

const browser = useBrowser()

describe.each(VIEWPORTS)('draft orders and returns at $width×$height', ({ name: size, width, height }) => {
  it('creates a draft order in steps and marks it paid, landing on the new order', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const email = uniqueEmail(`draft-${size}`)
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')

    await openArea(page, 'Drafts')
    await page.getByRole('heading', { name: 'Draft orders', level: 1 }).waitFor()
    expect(await page.title()).toBe('Draft orders · Emporium')
    a11y.push(...(await seriousA11yViolations(page)))

    await page.getByRole('button', { name: 'Create draft order' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create a draft order' })
    await dialog.getByText('Step 1 of 5').waitFor()
    await dialog.getByRole('textbox', { name: /^E-mail/ }).fill(email)
    a11y.push(...(await seriousA11yViolations(page)))
    await dialog.getByRole('button', { name: 'Next' }).click()

    await dialog.getByText('Step 2 of 5').waitFor()
    await dialog.getByRole('combobox', { name: 'Find a product variant' }).click()
    await page.getByRole('searchbox', { name: /Find a product variant/ }).fill('Classic')
    const option = page.getByRole('option', { name: /Classic/ }).first()
    await option.waitFor()
    await option.click()
    await dialog.getByRole('spinbutton', { name: /^Quantity of/ }).fill('2')
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Gift wrap')
    await dialog.getByRole('textbox', { name: 'Unit price' }).fill('3.50')
    await dialog.getByRole('button', { name: 'Add custom item' }).click()
    await dialog.getByRole('spinbutton', { name: 'Quantity of Gift wrap' }).waitFor()
    await screenshot(page, `draft-order-items-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await dialog.getByRole('button', { name: 'Next' }).click()

    await dialog.getByText('Step 3 of 5').waitFor()
    const shippingOption = dialog.getByRole('combobox', { name: /Shipping option/ })
    const standard = shippingOption.locator('option', { hasText: 'Standard Shipping' })
    await standard.waitFor({ state: 'attached' })
    // The region lists Gift Card Delivery first (newest first); the preselected option is an ordinary one.
    expect(await shippingOption.locator('option').first().textContent()).toMatch(/Gift Card Delivery/)
    await expect
      .poll(async () => (await shippingOption.locator('option:checked').textContent()) ?? '')
      .toMatch(/^(Standard Shipping|Express Shipping)/)
    await shippingOption.selectOption((await standard.getAttribute('value'))!)
    await dialog.getByRole('button', { name: 'Next' }).click()

    await dialog.getByText('Step 4 of 5').waitFor()
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Address', '12 Analytical Row'],
      ['City', 'London'],
      ['Postal code', 'N1 7AA'],
    ] as const) {
      await dialog.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value)
    }
    await dialog.getByRole('button', { name: 'Next' }).click()

    await dialog.getByText('Step 5 of 5').waitFor()
    await dialog.getByText(email).waitFor()
    await screenshot(page, `draft-order-summary-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await toast(page, 'Draft order created')

    await page.waitForURL(/\/a\/draft-orders\/[^/]+$/)
    await page.getByRole('heading', { name: /^Draft order #\d+$/, level: 1 }).waitFor()
    await page.getByText('Gift wrap', { exact: true }).waitFor()
    await screenshot(page, `draft-order-detail-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))

    await page.getByRole('button', { name: 'Mark as paid' }).click()
    await page
      .getByRole('dialog', { name: 'Mark the draft order as paid?' })
      .getByRole('button', { name: 'Mark as paid' })
      .click()
    await toast(page, 'Order placed')
    await page.waitForURL(/\/a\/orders\/order_[^/]+$/)
    await page.getByRole('heading', { name: /^Order #\d+$/, level: 1 }).waitFor()

    const orderId = page.url().split('/').pop()!
    const saved = await api.request<{ order: { email: string; items: { title: string; quantity: number }[] } }>(
      'GET',
      `/admin/orders/${orderId}`,
    )
    expect(saved.order.email).toBe(email)
    expect(saved.order.items.map((item) => item.quantity).sort()).toEqual([1, 2])
    const { draft_orders: drafts } = await api.request<{ draft_orders: { status: string; order_id: string }[] }>(
      'GET',
      `/admin/draft-orders?q=${encodeURIComponent(email)}`,
    )
    expect(drafts).toEqual([expect.objectContaining({ status: 'completed', order_id: orderId })])

    await openArea(page, 'Drafts')
    await page.getByRole('searchbox', { name: 'Search draft orders' }).fill(email)
    await page.waitForURL(/[?&]q=/)
    // The search has answered once only this draft's row is left (the header row besides).
    await expect.poll(() => page.getByRole('row').count()).toBe(2)
    await page.getByRole('row').filter({ hasText: email }).getByText('Completed').waitFor()
    await screenshot(page, `draft-orders-list-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })

  it('requests a return of a shipped item and receives it', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await fulfilledOrder(api, uniqueEmail(`return-${size}`))
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto(`/app/a/orders/${order.id}`)
    await page.getByRole('heading', { name: `Order #${order.display_id}`, level: 1 }).waitFor()

    await page.getByRole('button', { name: 'Request return' }).click()
    const request = page.getByRole('dialog', { name: 'Request a return' })
    await request.getByRole('spinbutton', { name: /^Quantity to return of/ }).fill('1')
    a11y.push(...(await seriousA11yViolations(page)))
    await request.getByRole('button', { name: 'Next' }).click()
    await request.getByText('Step 2 of 2').waitFor()
    const shipping = request.getByRole('combobox', { name: 'Return shipping' })
    const freeReturn = shipping.locator('option', { hasText: 'Free Return' })
    await freeReturn.waitFor({ state: 'attached' })
    await shipping.selectOption((await freeReturn.getAttribute('value'))!)
    await request.getByRole('textbox', { name: 'Note' }).fill(`Too small (${size})`)
    await screenshot(page, `order-return-request-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await request.getByRole('button', { name: 'Submit' }).click()
    await toast(page, 'Return requested')

    const returns = page.getByRole('region', { name: 'Returns' })
    await returns.getByText('Requested').waitFor()
    await returns.getByRole('button', { name: 'Receive return' }).click()
    const receive = page.getByRole('dialog', { name: 'Receive the return' })
    await expect.poll(() => receive.getByRole('spinbutton', { name: /^Received of/ }).inputValue()).toBe('1')
    a11y.push(...(await seriousA11yViolations(page)))
    await receive.getByRole('button', { name: 'Receive return' }).click()
    await toast(page, 'Return received')
    await returns.getByText('Received').waitFor()
    await screenshot(page, `order-returns-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))

    const saved = await api.request<{
      order: { fulfillment_status: string; returns: { status: string; items: { quantity: number }[] }[] }
    }>('GET', `/admin/orders/${order.id}?expand=returns,returns.items`)
    expect(saved.order.returns).toEqual([
      expect.objectContaining({ status: 'received', items: [expect.objectContaining({ quantity: 1 })] }),
    ])
    expect(saved.order.fulfillment_status).toBe('partially_returned')

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
