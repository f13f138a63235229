import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SetPasswordForm } from '../../routes/reset-password/set-password-form'
import { testProviders } from '../../testing/providers'

function renderSetPassword() {
  const { Providers } = testProviders()
  render(
    <Providers>
      <MemoryRouter>
        <SetPasswordForm token="reset-token" email="ada@shop.test" />
      </MemoryRouter>
    </Providers>,
  )
}

const password = () => screen.getByLabelText(/^New password/)
const repeat = () => screen.getByLabelText(/^Repeat new password/)
const submit = () => screen.getByRole('button', { name: 'Reset password' })

describe('the auth form with the new password fields', () => {
  it('asks for the password and says when the two do not match', async () => {
    const user = userEvent.setup()
    renderSetPassword()
    expect(password()).toHaveAttribute('type', 'password')
    expect(password()).toHaveAttribute('autocomplete', 'new-password')

    await user.click(submit())
    expect(await screen.findByText('This field is required')).toBeInTheDocument()

    await user.type(password(), 'correct-horse')
    await user.type(repeat(), 'correct-hose')
    await user.click(submit())
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument()
  })

  it('shows a failed submit as the form-wide alert', async () => {
    const user = userEvent.setup()
    renderSetPassword()

    await user.type(password(), 'correct-horse')
    await user.type(repeat(), 'correct-horse')
    await user.click(submit())

    // No server answers in this test, so the reset cannot succeed.
    expect(await screen.findByText('This reset link is invalid or has expired.')).toHaveAttribute('role', 'alert')
  })
})
