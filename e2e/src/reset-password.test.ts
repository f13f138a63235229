import { describe, expect, it } from 'vitest'
import { AdminApi, baseUrl, demoAdmin, logIn, uniqueEmail, useBrowser } from './support.js'

const browser = useBrowser()

describe('resetting a password', () => {
  it('sends a reset link, sets a new password through it, and logs in with the new one', async () => {
    // A throwaway user: the demo login stays valid for the other files.
    const email = uniqueEmail('forgetful')
    const oldPassword = 'the-old-password-1'
    const newPassword = 'the-new-password-2'
    const admin = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    await admin.createUser(email, oldPassword, { consent: true })

    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/app/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.waitForURL('**/app/reset-password')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send reset instructions' }).click()
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor()

    const link = await admin.notificationLink('user.password_reset', email)
    expect(link.startsWith(`${baseUrl}/app/reset-password?token=`)).toBe(true)
    await page.goto(link)
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor()
    await page.getByLabel(/^New password/).fill(newPassword)
    await page.getByLabel(/^Repeat new password/).fill(newPassword)
    await page.getByRole('button', { name: 'Reset password' }).click()
    await page.getByRole('heading', { name: 'Password reset' }).waitFor()

    await page.getByRole('link', { name: 'Go to log in' }).click()
    await logIn(page, email, newPassword)
    await page.waitForURL('**/app/a')
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    await page.getByText(email, { exact: true }).waitFor()
    await context.close()

    const withOldPassword = await fetch(`${baseUrl}/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: oldPassword }),
    })
    expect(withOldPassword.status).toBe(401)
  })
})
