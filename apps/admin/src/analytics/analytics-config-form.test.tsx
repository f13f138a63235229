import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import toast from 'react-hot-toast'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithToaster } from '../testing/render'
import { AnalyticsConfigForm, type AnalyticsFormValues } from './analytics-config-form'
import { ConsentScreen } from './consent-screen'
import { trackableEmail } from './email'

afterEach(() => {
  act(() => toast.remove())
})

const anonymizeSwitch = () => screen.getByRole('switch', { name: 'Anonymize my usage data' })
const optOutSwitch = () => screen.getByRole('switch', { name: 'Opt out of sharing my usage data' })
const emailInput = () => screen.getByLabelText('Your email')
const continueButton = () => screen.getByRole('button', { name: 'Continue' })

function renderForm(onSubmit = vi.fn(async (_values: AnalyticsFormValues) => {}), successToast = false) {
  renderWithToaster(
    <AnalyticsConfigForm withEmail emailPlaceholder="ada@shop.test" onSubmit={onSubmit} successToast={successToast} />,
  )
  return onSubmit
}

describe('the consent screen', () => {
  it("is titled 'Help us get better' with the email field, both options and Continue", () => {
    renderWithToaster(
      <ConsentScreen email="ada@shop.test" docsUrl="https://docs.test/usage" onSubmit={async () => {}} />,
    )
    expect(screen.getByRole('dialog', { name: 'Help us get better' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'documentation' })).toHaveAttribute('href', 'https://docs.test/usage')
    expect(emailInput()).toHaveAttribute('placeholder', 'ada@shop.test')
    expect(anonymizeSwitch()).not.toBeChecked()
    expect(optOutSwitch()).not.toBeChecked()
    expect(continueButton()).toBeEnabled()
  })

  it('shows the success toast once the answer is saved', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async (_values: AnalyticsFormValues) => {})
    renderWithToaster(<ConsentScreen email="ada@shop.test" onSubmit={onSubmit} />)
    await user.click(anonymizeSwitch())
    await user.click(continueButton())
    expect(await screen.findByText('Analytics preferences success')).toBeInTheDocument()
    expect(screen.getByText('Your preferences were successfully updated')).toBeInTheDocument()
    expect(onSubmit).toHaveBeenCalledWith({ email: '', anonymize: true, opt_out: false })
  })
})

describe('AnalyticsConfigForm', () => {
  it('disables and dims the email field while either option is on', async () => {
    const user = userEvent.setup()
    renderForm()
    expect(emailInput()).toBeEnabled()
    await user.click(anonymizeSwitch())
    expect(emailInput()).toBeDisabled()
    expect(emailInput().parentElement).toHaveClass('opacity-50')
    await user.click(anonymizeSwitch())
    expect(emailInput()).toBeEnabled()
    await user.click(optOutSwitch())
    expect(emailInput()).toBeDisabled()
  })

  it('opting out forces anonymize off and disables it', async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm()
    await user.click(anonymizeSwitch())
    expect(anonymizeSwitch()).toBeChecked()
    await user.click(optOutSwitch())
    expect(anonymizeSwitch()).not.toBeChecked()
    expect(anonymizeSwitch()).toBeDisabled()
    await user.click(continueButton())
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce())
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ opt_out: true, anonymize: false })
    await user.click(optOutSwitch())
    expect(anonymizeSwitch()).toBeEnabled()
  })

  it("rejects an invalid email with 'Please enter a valid email'", async () => {
    const user = userEvent.setup()
    const onSubmit = renderForm()
    for (const invalid of ['ada', 'ada@shop', 'ada@shop.c', 'a da@shop.test']) {
      await user.clear(emailInput())
      await user.type(emailInput(), invalid)
      await user.click(continueButton())
      expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument()
    }
    expect(onSubmit).not.toHaveBeenCalled()
    await user.clear(emailInput())
    await user.type(emailInput(), 'ada.l+shop@example.co.uk')
    await user.click(continueButton())
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce())
    expect(onSubmit.mock.calls[0][0]).toEqual({ email: 'ada.l+shop@example.co.uk', anonymize: false, opt_out: false })
  })

  it('marks the form submitting until the save settles, then shows the success toast', async () => {
    const user = userEvent.setup()
    let finish!: () => void
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    renderForm(onSubmit, true)
    await user.click(continueButton())
    await waitFor(() => expect(continueButton()).toHaveAttribute('aria-busy', 'true'))
    expect(continueButton()).toBeDisabled()
    await act(async () => finish())
    await waitFor(() => expect(continueButton()).not.toHaveAttribute('aria-busy'))
    expect(await screen.findByText('Analytics preferences success')).toBeInTheDocument()
    expect(screen.getByText('Your preferences were successfully updated')).toBeInTheDocument()
  })

  it("shows an error toast titled 'Error' with the server's message and clears the mark", async () => {
    const user = userEvent.setup()
    renderForm(
      vi.fn(async () => Promise.reject({ response: { data: { message: 'Store is read-only' } } })),
      true,
    )
    await user.click(continueButton())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Error')
    expect(alert).toHaveTextContent('Store is read-only')
    expect(continueButton()).toBeEnabled()
    expect(screen.queryByText('Analytics preferences success')).not.toBeInTheDocument()
  })

  it('falls back to the generic message when the error has none', async () => {
    const user = userEvent.setup()
    renderForm(vi.fn(async () => Promise.reject(new Error('boom'))))
    await user.click(continueButton())
    expect(await screen.findByText('Something went wrong, Please try again.')).toBeInTheDocument()
  })
})

describe('trackableEmail', () => {
  it('is sent only when neither anonymized nor opted out', () => {
    expect(trackableEmail('ada@shop.test', { anonymize: false, opt_out: false })).toBe('ada@shop.test')
    expect(trackableEmail('ada@shop.test', { anonymize: true, opt_out: false })).toBeUndefined()
    expect(trackableEmail('ada@shop.test', { anonymize: false, opt_out: true })).toBeUndefined()
    expect(trackableEmail('', { anonymize: false, opt_out: false })).toBeUndefined()
  })
})
