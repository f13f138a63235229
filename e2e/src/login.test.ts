import { describe, expect, it } from 'vitest'
import { demoAdmin, logIn, screenshot, useBrowser } from './support.js'

const browser = useBrowser()

describe('logging in', () => {
  it('refuses a wrong password with a message, then lands on the home with the right one', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()

    await logIn(page, demoAdmin.email, 'not-the-password')
    const alert = page.getByRole('alert').filter({ hasText: 'These credentials do not match our records' })
    await alert.waitFor()
    expect(new URL(page.url()).pathname).toBe('/app/login')
    await screenshot(page, 'login')

    await page.getByLabel(/^Password/).fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL('**/app/a')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true)
    await context.close()
  })

  it('sends a visitor without a session to the login screen', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/app/a/products')
    await page.waitForURL(/\/app\/login/)
    await page.getByRole('heading', { name: 'Log in to Emporium' }).waitFor()
    await context.close()
  })
})
