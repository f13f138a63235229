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

interface Reason {
  id: string
  value: string
  label: string
  return_reason_children: { value: string; label: string }[]
}

describe.each(VIEWPORTS)('return reasons at $width×$height', ({ name: size, width, height }) => {
  it('creates a reason and a sub-reason, edits and deletes them', async () => {
    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const suffix = `${size}-${Date.now().toString(36)}`
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.setViewportSize({ width, height })
    const problems = watchForProblems(page)
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto('/app/a/settings')
    await page.getByRole('link', { name: /^Return reasons/ }).click()
    await page.getByRole('heading', { name: 'Return reasons', level: 1 }).waitFor()

    const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor()
    await page.getByRole('button', { name: 'New reason' }).click()
    let dialog = page.getByRole('dialog', { name: 'New return reason' })
    await dialog.getByRole('textbox', { name: /^Value/ }).fill(`wrong_fit_${suffix}`)
    await dialog.getByRole('textbox', { name: /^Label/ }).fill(`Wrong fit ${suffix}`)
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Too big or too small')
    const a11y = await seriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await toast(`Return reason Wrong fit ${suffix} created`)

    await page.getByRole('button', { name: `Actions for Wrong fit ${suffix}` }).click()
    await page.getByRole('menuitem', { name: `Add a sub-reason to Wrong fit ${suffix}` }).click()
    dialog = page.getByRole('dialog', { name: `New sub-reason of Wrong fit ${suffix}` })
    await dialog.getByRole('textbox', { name: /^Value/ }).fill(`too_small_${suffix}`)
    await dialog.getByRole('textbox', { name: /^Label/ }).fill(`Too small ${suffix}`)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await toast(`Return reason Too small ${suffix} created`)
    await page.getByRole('cell', { name: `Sub-reason of Wrong fit ${suffix}: Too small ${suffix}` }).waitFor()
    a11y.push(...(await seriousA11yViolations(page)))
    expect(await overflowingElements(page)).toEqual([])
    await screenshot(page, `return-reasons-${size}`)

    const { return_reasons } = await api.request<{ return_reasons: Reason[] }>('GET', '/admin/return-reasons')
    const saved = return_reasons.find((reason) => reason.value === `wrong_fit_${suffix}`)!
    expect(saved.return_reason_children).toMatchObject([{ value: `too_small_${suffix}`, label: `Too small ${suffix}` }])

    await page.getByRole('button', { name: `Actions for Wrong fit ${suffix}` }).click()
    await page.getByRole('menuitem', { name: `Edit Wrong fit ${suffix}` }).click()
    dialog = page.getByRole('dialog', { name: 'Edit return reason' })
    await dialog.getByRole('textbox', { name: /^Label/ }).fill(`Poor fit ${suffix}`)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await toast(`Return reason Poor fit ${suffix} saved`)

    await page.getByRole('button', { name: `Actions for Poor fit ${suffix}` }).click()
    await page.getByRole('menuitem', { name: `Delete Poor fit ${suffix}` }).click()
    await page.getByRole('dialog', { name: 'Delete return reason' }).getByRole('button', { name: 'Delete' }).click()
    await toast(`Return reason Poor fit ${suffix} deleted`)
    await page.getByRole('cell', { name: `Too small ${suffix}` }).waitFor({ state: 'detached' })
    const after = await api.request<{ return_reasons: Reason[] }>('GET', '/admin/return-reasons')
    expect(after.return_reasons.some((reason) => reason.value === `wrong_fit_${suffix}`)).toBe(false)

    expect(a11y).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
