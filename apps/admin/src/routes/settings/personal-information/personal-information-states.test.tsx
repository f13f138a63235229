import { adminAnalyticsConfigKeys, adminAuthKeys, adminStoreKeys } from '@emporium/react'
import { render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { testProviders } from '../../../testing/providers'
import { PersonalInformation } from './personal-information'

const user = { id: 'usr_1', email: 'ada@shop.test', first_name: 'Ada', last_name: 'Lovelace' }
const storeWith = (analytics: boolean) => ({ store: { feature_flags: [{ key: 'analytics', value: analytics }] } })

function renderPage(cache: { session?: object; store?: object; analyticsConfig?: object }) {
  const { queryClient, Providers } = testProviders()
  if (cache.session) queryClient.setQueryData(adminAuthKeys.details(), cache.session)
  if (cache.store) queryClient.setQueryData(adminStoreKeys.details(), cache.store)
  if (cache.analyticsConfig) queryClient.setQueryData(adminAnalyticsConfigKeys.all, cache.analyticsConfig)
  const router = createMemoryRouter([{ path: '/a/settings/personal-information', element: <PersonalInformation /> }], {
    initialEntries: ['/a/settings/personal-information'],
  })
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  )
}

const section = (name: string) => within(screen.getByRole('region', { name }))

describe('the personal information page', () => {
  it("shows the user's names to edit, the email read-only and the language", () => {
    renderPage({ session: { user }, store: storeWith(false) })
    expect(screen.getByRole('heading', { name: 'Personal information', level: 1 })).toBeInTheDocument()
    const profile = section('Profile')
    expect(profile.getByLabelText('First name')).toHaveValue('Ada')
    expect(profile.getByLabelText('Last name')).toHaveValue('Lovelace')
    expect(profile.getByLabelText('Email')).toHaveValue('ada@shop.test')
    expect(profile.getByLabelText('Email')).toHaveAttribute('readonly')
    // Nothing changed yet: nothing to save.
    expect(profile.getByRole('button', { name: 'Save' })).toBeDisabled()
    expect(section('Language').getByRole('combobox', { name: 'Language' })).toHaveValue('en')
  })

  it('leaves out the usage-data preferences while the analytics flag is off', () => {
    renderPage({ session: { user }, store: storeWith(false) })
    expect(screen.queryByRole('region', { name: 'Usage insights' })).not.toBeInTheDocument()
    expect(screen.queryByRole('switch')).not.toBeInTheDocument()
  })

  it('shows the saved preferences, without an email field, while the flag is on', () => {
    renderPage({
      session: { user },
      store: storeWith(true),
      analyticsConfig: { analytics_config: { id: 'acfg_1', user_id: user.id, anonymize: true, opt_out: false } },
    })
    const usage = section('Usage insights')
    expect(usage.getByRole('switch', { name: 'Anonymize my usage data' })).toBeChecked()
    expect(usage.getByRole('switch', { name: 'Opt out of sharing my usage data' })).not.toBeChecked()
    expect(usage.queryByLabelText('Your email')).not.toBeInTheDocument()
    expect(usage.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('shows the load error of the preferences with a retry', async () => {
    renderPage({ session: { user }, store: storeWith(true) })
    const alert = await section('Usage insights').findByRole('alert')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.queryByRole('switch')).not.toBeInTheDocument()
  })

  it('says so when the session holds no user', () => {
    renderPage({ session: {}, store: storeWith(false) })
    expect(section('Profile').getByText('No user is signed in.')).toBeInTheDocument()
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument()
  })

  it('shows the load error with a retry when the session cannot be read', async () => {
    renderPage({ store: storeWith(false) })
    // The session query retries once (one second later) before giving up.
    const alert = await section('Profile').findByRole('alert', {}, { timeout: 5_000 })
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
