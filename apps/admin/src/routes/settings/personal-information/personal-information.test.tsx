// @vitest-environment node
// The real server runs in this process; this import must come first (see live-server).
import { liveServerForFile } from '../../../testing/live-server'
import { createQueryClient, EmporiumClient, EmporiumProvider } from '@emporium/react'
import { act, configure, render, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '../../../components/toasts/toaster'
import { installBrowserStandIns } from '../../../testing/browser-stand-ins'
import { PersonalInformation } from './personal-information'

installBrowserStandIns()
const server = liveServerForFile()
// Testing Library's `screen` is bound when it loads, before this file's page exists.
const page = () => within(document.body)
// Real HTTP to a server sharing two cores with other test files: allow more than the default 1 s.
configure({ asyncUtilTimeout: 15_000 })

afterEach(() => {
  act(() => toast.remove())
})

/** A new staff user, signed in through a client of their own, on the page. */
async function renderAsNewUser() {
  const { email } = await server.makeUser()
  const client = new EmporiumClient({ baseUrl: server.baseUrl })
  await client.admin.auth.getToken({ email, password: server.password })
  const { user } = await client.admin.auth.getSession()
  render(
    <EmporiumProvider client={client} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/a/settings/personal-information']}>
        <PersonalInformation />
      </MemoryRouter>
      <Toaster />
    </EmporiumProvider>,
  )
  return { client, user: { id: user.id, email } }
}

describe('the personal information page against the real server', () => {
  it('saves a new first and last name and refreshes the signed-in user', async () => {
    const u = userEvent.setup()
    const { client, user } = await renderAsNewUser()
    const profile = await page().findByRole('form', { name: 'Profile' })
    const firstName = within(profile).getByLabelText('First name')
    expect(firstName).toHaveValue('Test')
    expect(within(profile).getByLabelText('Email')).toHaveValue(user.email)

    await u.clear(firstName)
    await u.type(firstName, '  Grace ')
    await u.clear(within(profile).getByLabelText('Last name'))
    await u.type(within(profile).getByLabelText('Last name'), 'Hopper')
    await u.click(within(profile).getByRole('button', { name: 'Save' }))

    expect(await page().findByText('Your profile was updated')).toBeInTheDocument()
    expect(page().getByText('Success')).toBeInTheDocument()
    const saved = await client.admin.users.retrieve(user.id)
    expect(saved.user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', email: user.email })
    // The refreshed session puts the trimmed name back in the form, with nothing left to save.
    expect(await within(profile).findByDisplayValue('Grace')).toBe(firstName)
    expect(within(profile).getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  it("shows an 'Error' toast when the server refuses the save", async () => {
    const u = userEvent.setup()
    const { user } = await renderAsNewUser()
    const profile = await page().findByRole('form', { name: 'Profile' })
    // Another admin removes this user while the page is open.
    const other = new EmporiumClient({ baseUrl: server.baseUrl })
    await other.admin.auth.getToken({ email: (await server.makeUser()).email, password: server.password })
    await other.admin.users.delete(user.id)

    await u.type(within(profile).getByLabelText('Last name'), 'son')
    await u.click(within(profile).getByRole('button', { name: 'Save' }))

    const alert = await page().findByRole('alert')
    expect(alert).toHaveTextContent('Error')
    // The removed user's token is refused with a bare 401, which carries no message of its own.
    expect(alert).toHaveTextContent('Something went wrong, Please try again.')
    expect(page().queryByText('Your profile was updated')).not.toBeInTheDocument()
  })

  it('saves the usage-data preferences with the success toast, creating the config on first save', async () => {
    const u = userEvent.setup()
    const { client } = await renderAsNewUser()
    // The section shows once the store has said the analytics flag is on.
    const usage = within(await page().findByRole('region', { name: 'Usage insights' }))
    const optOut = await usage.findByRole('switch', { name: 'Opt out of sharing my usage data' })
    expect(optOut).not.toBeChecked()

    await u.click(usage.getByRole('switch', { name: 'Anonymize my usage data' }))
    await u.click(optOut)
    await u.click(usage.getByRole('button', { name: 'Save' }))

    expect(await page().findByText('Analytics preferences success')).toBeInTheDocument()
    expect(page().getByText('Your preferences were successfully updated')).toBeInTheDocument()
    const { analytics_config } = await client.admin.analyticsConfigs.retrieve()
    expect(analytics_config).toMatchObject({ opt_out: true, anonymize: false })
  })
})
