import { useSearchParams } from 'react-router'
import { RequestResetForm } from './request-reset-form'
import { SetPasswordForm } from './set-password-form'

/** Without a token: ask for the e-mail to send a reset link to. With one (from that link): set the password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  return token ? <SetPasswordForm token={token} email={params.get('email') ?? undefined} /> : <RequestResetForm />
}
