import { describe, expect, it } from 'vitest'
import { demoAdmin, logIn, screenshot, useBrowser } from './support.js'

const browser = useBrowser()

describe('not found', () => {
  it('shows the not-found screen for an unknown address, with a way back', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const res = await page.goto('/app/does-not-exist')
    // The server hands every /app path to the app, which decides what is missing.
    expect(res?.status()).toBe(200)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.getByText('The page you are looking for does not exist.').waitFor()
    await screenshot(page, 'not-found')

    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto('/app/a/no-such-area')
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.getByRole('link', { name: 'Back to the dashboard' }).click()
    await page.waitForURL('**/app/a')
    await context.close()
  })
})
