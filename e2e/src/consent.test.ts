import { describe, expect, it } from 'vitest'
import { AdminApi, demoAdmin, logIn, screenshot, uniqueEmail, useBrowser } from './support.js'

const browser = useBrowser()

describe('usage-data consent', () => {
  it('asks a new user once, with the rules between email, anonymize and opt out', async () => {
    // A user who has never answered: the consent screen covers the admin after logging in.
    const email = uniqueEmail('newcomer')
    const password = 'consent-password-7'
    const admin = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    await admin.createUser(email, password, { consent: false })

    const context = await browser.newContext()
    const page = await context.newPage()
    await logIn(page, email, password)
    const consent = page.getByRole('dialog', { name: 'Help us get better' })
    await consent.waitFor()
    await screenshot(page, 'consent')

    const emailField = consent.getByRole('textbox', { name: 'Your email', exact: true })
    const anonymize = consent.getByRole('switch', { name: 'Anonymize my usage data' })
    const optOut = consent.getByRole('switch', { name: 'Opt out of sharing my usage data' })
    const invalidEmail = consent.getByText('Please enter a valid email', { exact: true })
    expect(await emailField.getAttribute('placeholder')).toBe(email)
    expect(await emailField.isEnabled()).toBe(true)

    await emailField.fill('not-an-email')
    await consent.getByRole('button', { name: 'Continue' }).click()
    await invalidEmail.waitFor()
    expect(await consent.isVisible()).toBe(true)

    // Either option disables and dims the email field (and clears its error).
    const opacity = () => emailField.evaluate((input) => getComputedStyle(input.parentElement!).opacity)
    expect(await opacity()).toBe('1')
    await anonymize.click()
    expect(await anonymize.isChecked()).toBe(true)
    expect(await emailField.isDisabled()).toBe(true)
    expect(await opacity()).toBe('0.5')
    await invalidEmail.waitFor({ state: 'detached' })
    await anonymize.click()
    expect(await emailField.isEnabled()).toBe(true)

    // Opting out turns anonymize off and locks it.
    await anonymize.click()
    await optOut.click()
    expect(await optOut.isChecked()).toBe(true)
    expect(await anonymize.isChecked()).toBe(false)
    expect(await anonymize.isDisabled()).toBe(true)
    expect(await emailField.isDisabled()).toBe(true)

    await optOut.click()
    expect(await anonymize.isEnabled()).toBe(true)
    expect(await emailField.isEnabled()).toBe(true)

    await anonymize.click()
    await consent.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Analytics preferences success', { exact: true }).waitFor()
    await consent.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()

    const own = await AdminApi.login(email, password)
    const { analytics_config } = await own.request<{ analytics_config: { opt_out: boolean; anonymize: boolean } }>(
      'GET',
      '/admin/analytics-configs',
    )
    expect(analytics_config).toMatchObject({ opt_out: false, anonymize: true })

    // Answered once: the next visit reads the saved answer and goes straight to the admin.
    const configRead = page.waitForResponse((res) => res.url().endsWith('/admin/analytics-configs'))
    await page.reload()
    expect((await configRead).status()).toBe(200)
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    expect(await consent.count()).toBe(0)
    await context.close()
  })
})
