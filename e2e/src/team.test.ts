import { describe, expect, it } from 'vitest'
import { AdminApi, demoAdmin, logIn, screenshot, uniqueEmail, useBrowser } from './support.js'

const browser = useBrowser()

describe('the team', () => {
  it('invites a user who accepts in another browser, sets a name and password, and logs in', async () => {
    const email = uniqueEmail('invitee')
    const password = 'invited-password-42'

    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    await logIn(admin, demoAdmin.email, demoAdmin.password)
    await admin.waitForURL('**/app/a')
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' }).click()
    await admin.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
    await screenshot(admin, 'settings')

    await admin.getByRole('link', { name: /^The team/ }).click()
    await admin.getByRole('heading', { name: 'The team', level: 1 }).waitFor()
    await admin.getByRole('button', { name: 'Invite users' }).click()
    const dialog = admin.getByRole('dialog', { name: 'Invite users' })
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click()
    await admin
      .getByRole('status')
      .filter({ hasText: `An invite was sent to ${email}` })
      .waitFor()
    const inviteRow = admin.getByRole('table', { name: 'Invites' }).getByRole('row').filter({ hasText: email })
    await inviteRow.getByRole('cell', { name: 'Pending', exact: true }).waitFor()
    await screenshot(admin, 'team')

    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const link = await api.notificationLink('invite.created', email)
    expect(link).toMatch(/\/app\/invite\?token=/)

    // The invitee has nothing of the admin's session: a context of their own.
    const inviteeContext = await browser.newContext()
    const invitee = await inviteeContext.newPage()
    await invitee.goto(link)
    await invitee.getByRole('heading', { name: 'You have been invited to join the team' }).waitFor()
    await invitee.getByRole('textbox', { name: 'First name', exact: true }).fill('Ines')
    await invitee.getByRole('textbox', { name: 'Last name', exact: true }).fill('Newcomer')
    await invitee.getByLabel(/^Password/).fill(password)
    await invitee.getByLabel(/^Repeat password/).fill(password)
    await invitee.getByRole('button', { name: 'Create account' }).click()
    await invitee.getByRole('heading', { name: 'Account created' }).waitFor()

    await invitee.getByRole('link', { name: 'Go to log in' }).click()
    await invitee.waitForURL('**/app/login')
    await logIn(invitee, email, password)
    await invitee.waitForURL('**/app/a')
    // This server has no usage-data collector, so the new user is not asked about it (consent.test.ts).
    await invitee.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    expect(await invitee.getByRole('dialog', { name: 'Help us get better' }).count()).toBe(0)
    await invitee.getByText(email, { exact: true }).waitFor()

    const session = await inviteeContext.request.get('/admin/auth')
    expect(session.status()).toBe(200)
    expect((await session.json()).user).toMatchObject({ email, first_name: 'Ines', last_name: 'Newcomer' })

    await admin.reload()
    await admin.getByRole('table', { name: 'Users' }).getByRole('cell', { name: email, exact: true }).waitFor()
    await inviteeContext.close()
    await adminContext.close()
  })
})
