import { describe, expect, it } from 'vitest'
import { fulfilledOrder, toast } from './orders-support.js'
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

const browser = useBrowser()

describe.each(VIEWPORTS)('order claims and edits at $width×$height', ({ name: size, width, height }) => {
  it('creates a refund claim, then edits the order (a quantity, a new variant) and confirms the edit', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await fulfilledOrder(api, uniqueEmail(`claim-${size}`))
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto(`/app/a/orders/${order.id}`)
    await page.getByRole('heading', { name: `Order #${order.display_id}`, level: 1 }).waitFor()

    await page.getByRole('button', { name: 'Create claim' }).click()
    const create = page.getByRole('dialog', { name: 'Create a claim' })
    await create.getByRole('spinbutton', { name: /^Quantity claimed of/ }).fill('1')
    await create.getByRole('combobox', { name: /^Reason for/ }).selectOption('wrong_item')
    await create.getByRole('textbox', { name: 'Note' }).fill(`Sent in blue (${size})`)
    a11y.push(...(await seriousA11yViolations(page)))
    await create.getByRole('button', { name: 'Next' }).click()
    await create.getByText('Step 2 of 2').waitFor()
    await create.getByRole('textbox', { name: 'Refund amount' }).fill('5.00')
    await screenshot(page, `order-claim-create-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await create.getByRole('button', { name: 'Submit' }).click()
    await toast(page, 'Claim created')

    const claims = page.getByRole('region', { name: 'Claims' })
    await claims.getByText('Claim 1').waitFor()
    await claims.getByText('Refunded', { exact: true }).waitFor()
    await claims.getByText(/Wrong item/).waitFor()
    a11y.push(...(await seriousA11yViolations(page)))

    const edits = page.getByRole('region', { name: 'Order edit' })
    await edits.getByRole('button', { name: 'Edit order' }).click()
    await edits.getByText('Draft', { exact: true }).waitFor()
    const quantity = edits.getByRole('spinbutton', { name: /^Quantity of/ })
    // Two units were fulfilled: the line cannot go below two, but it can grow.
    await quantity.fill('1')
    await edits.getByText('A whole number, at least 2').waitFor()
    await quantity.fill('3')
    await edits.getByRole('button', { name: 'Save' }).click()
    await edits.getByText('Customer owes').waitFor()
    await edits.getByRole('combobox', { name: 'Add a variant' }).click()
    await page.getByRole('searchbox', { name: /Add a variant/ }).fill('Hoodie')
    const hoodie = page.getByRole('option', { name: /Hoodie/ }).first()
    await hoodie.waitFor()
    await hoodie.click()
    await toast(page, 'Item added')
    await edits.getByRole('spinbutton', { name: /^Quantity of .*Hoodie/ }).waitFor()
    await screenshot(page, `order-edit-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))
    await edits.getByRole('button', { name: 'Confirm' }).click()
    await toast(page, 'Order edit confirmed')
    await edits.getByRole('button', { name: 'Edit order' }).waitFor()
    a11y.push(...(await seriousA11yViolations(page)))

    const saved = await api.request<{
      order: {
        items: { quantity: number }[]
        claims: { type: string; refund_amount: number; claim_items: { reason: string; quantity: number }[] }[]
      }
    }>('GET', `/admin/orders/${order.id}?expand=items,claims`)
    expect(saved.order.items.map((item) => item.quantity).sort()).toEqual([1, 3])
    expect(saved.order.claims).toEqual([
      expect.objectContaining({
        type: 'refund',
        refund_amount: 500,
        claim_items: [expect.objectContaining({ reason: 'wrong_item', quantity: 1 })],
      }),
    ])
    const { order_edits: orderEdits } = await api.request<{ order_edits: { status: string }[] }>(
      'GET',
      `/admin/order-edits?order_id=${order.id}`,
    )
    expect(orderEdits.map((edit) => edit.status)).toEqual(['confirmed'])

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })

  it('edits a replacement claim, cancels its fulfilment and undoes one change of an edit', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const order = await fulfilledOrder(api, uniqueEmail(`claim-edit-${size}`))
    const { order: placed } = await api.request<{ order: { region_id: string; items: { id: string }[] } }>(
      'GET',
      `/admin/orders/${order.id}?expand=items`,
    )
    const { shipping_options: options } = await api.request<{ shipping_options: { id: string }[] }>(
      'GET',
      `/admin/shipping-options?region_id=${placed.region_id}&name=Standard%20Shipping`,
    )
    const { variants } = await api.request<{ variants: { id: string }[] }>('GET', '/admin/variants?q=Hoodie&limit=1')
    const { order: claimed } = await api.request<{ order: { claims: { id: string }[] } }>(
      'POST',
      `/admin/orders/${order.id}/claims`,
      {
        type: 'replace',
        claim_items: [{ item_id: placed.items[0]!.id, quantity: 1, reason: 'wrong_item' }],
        additional_items: [{ variant_id: variants[0]!.id, quantity: 1 }],
        shipping_methods: [{ option_id: options[0]!.id }],
      },
    )
    await api.request('POST', `/admin/orders/${order.id}/claims/${claimed.claims[0]!.id}/fulfillments`)
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto(`/app/a/orders/${order.id}`)
    await page.getByRole('heading', { name: `Order #${order.display_id}`, level: 1 }).waitFor()

    const claims = page.getByRole('region', { name: 'Claims' })
    await claims.getByRole('button', { name: 'Edit claim' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit claim 1' })
    await edit.getByRole('combobox', { name: /^Reason for/ }).selectOption('production_failure')
    await edit.getByRole('textbox', { name: /^Note on/ }).fill(`Seam split (${size})`)
    await edit.getByRole('textbox', { name: /^Tags of/ }).fill('seam, Quality')
    await edit.getByRole('checkbox', { name: 'Do not notify the customer' }).check()
    await screenshot(page, `order-claim-edit-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await edit.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'Claim updated')
    await claims.getByText(/Production failure/).waitFor()

    await claims.getByRole('button', { name: 'Cancel fulfillment 1 of claim 1' }).click()
    const confirm = page.getByRole('dialog', { name: 'Cancel this fulfillment?' })
    a11y.push(...(await seriousA11yViolations(page)))
    await confirm.getByRole('button', { name: 'Cancel fulfillment' }).click()
    await toast(page, 'Fulfillment canceled')
    await claims.getByRole('button', { name: 'Cancel claim' }).waitFor()
    await screenshot(page, `order-claim-fulfillment-canceled-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))

    const edits = page.getByRole('region', { name: 'Order edit' })
    await edits.getByRole('button', { name: 'Edit order' }).click()
    await edits.getByText('Draft', { exact: true }).waitFor()
    await edits.getByRole('spinbutton', { name: /^Quantity of/ }).fill('3')
    await edits.getByRole('button', { name: 'Save' }).click()
    await edits.getByText('Customer owes').waitFor()
    await edits.getByRole('combobox', { name: 'Add a variant' }).click()
    await page.getByRole('searchbox', { name: /Add a variant/ }).fill('Hoodie')
    const hoodie = page.getByRole('option', { name: /Hoodie/ }).first()
    await hoodie.waitFor()
    await hoodie.click()
    await toast(page, 'Item added')
    const changes = edits.getByRole('list', { name: 'Changes' })
    await expect.poll(() => changes.getByRole('listitem').count()).toBe(2)
    await screenshot(page, `order-edit-changes-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))
    await changes.getByRole('button', { name: /^Undo the change to .*Hoodie/ }).click()
    await toast(page, 'Change undone')
    await expect.poll(() => changes.getByRole('listitem').count()).toBe(1)
    await edits.getByRole('button', { name: 'Cancel edit' }).click()
    await toast(page, 'Order edit canceled')

    const saved = await api.request<{
      order: {
        claims: {
          no_notification: boolean
          claim_items: { reason: string; note: string; tags: { value: string }[] }[]
          fulfillments: { canceled_at: string | null }[]
        }[]
      }
    }>('GET', `/admin/orders/${order.id}?expand=claims`)
    const [claim] = saved.order.claims
    expect(claim!.no_notification).toBe(true)
    expect(claim!.claim_items[0]).toMatchObject({ reason: 'production_failure', note: `Seam split (${size})` })
    expect(claim!.claim_items[0]!.tags.map((tag) => tag.value).sort()).toEqual(['quality', 'seam'])
    expect(claim!.fulfillments.every((row) => row.canceled_at !== null)).toBe(true)

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
