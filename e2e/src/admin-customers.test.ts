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

const browser = useBrowser()

interface Customer {
  id: string
  first_name: string
  groups?: { id: string; name: string }[]
}

describe.each(VIEWPORTS)('customers at $width×$height', ({ name: size, width, height }) => {
  it('edits a customer and adds them to a group', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const email = uniqueEmail(`shopper-${size}`)
    const { customer } = await api.request<{ customer: Customer }>('POST', '/admin/customers', {
      email,
      first_name: 'Grace',
      last_name: 'Hopper',
      password: 'shopper-password-42',
    })
    const groupName = `Wholesale ${size} ${Date.now().toString(36)}`
    await api.request('POST', '/admin/customer-groups', { name: groupName })

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    const a11y: string[] = []
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')

    await openArea(page, 'Customers')
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor()
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(email)
    await page.waitForURL(/[?&]q=/)
    // Other tests' shoppers share the name: the row is found by this one's e-mail.
    const link = page.getByRole('row', { name: email }).getByRole('link', { name: 'Grace Hopper', exact: true })
    await link.waitFor()
    expect(await page.title()).toBe('Customers · Emporium')
    await screenshot(page, `customers-list-${size}`)
    expect(await overflowingElements(page)).toEqual([])
    a11y.push(...(await seriousA11yViolations(page)))

    await link.click()
    await page.getByRole('heading', { name: 'Grace Hopper', level: 1 }).waitFor()
    await page.getByRole('textbox', { name: 'First name' }).fill('Amazing Grace')
    await page.getByRole('combobox', { name: 'Customer groups' }).click()
    await page.getByRole('searchbox', { name: 'Search Customer groups' }).fill(groupName)
    await page.getByRole('option', { name: groupName }).click()
    await page.keyboard.press('Escape')
    const bar = page.getByRole('region', { name: 'You have unsaved changes' })
    await bar.waitFor()
    await screenshot(page, `customer-edit-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))
    await bar.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('status').filter({ hasText: 'Customer saved' }).waitFor()
    await bar.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Amazing Grace Hopper', level: 1 }).waitFor()

    const saved = await api.request<{ customer: Customer }>('GET', `/admin/customers/${customer.id}?expand=groups`)
    expect(saved.customer.first_name).toBe('Amazing Grace')
    expect(saved.customer.groups?.map((group) => group.name)).toEqual([groupName])

    // The group's page lists the new member.
    await page.goto('/app/a/customers/groups')
    await page.getByRole('heading', { name: 'Customer groups', level: 1 }).waitFor()
    await page.getByRole('link', { name: groupName }).click()
    await page.getByRole('heading', { name: groupName, level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Amazing Grace Hopper', exact: true }).waitFor()
    await screenshot(page, `customer-group-${size}`)
    a11y.push(...(await seriousA11yViolations(page)))

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
