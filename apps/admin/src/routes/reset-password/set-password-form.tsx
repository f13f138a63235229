import { useAdminResetPassword } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthCard } from '../../components/auth/auth-card'
import { AuthForm } from '../../components/auth/auth-form'
import { NewPasswordFields, type NewPasswordValues } from '../../components/auth/new-password-fields'

export function SetPasswordForm({ token, email }: { token: string; email?: string }) {
  const { t } = useTranslation('auth')
  const resetPassword = useAdminResetPassword()
  const [done, setDone] = useState(false)
  const form = useForm<NewPasswordValues>({ defaultValues: { password: '', repeat: '' } })

  const submit = form.handleSubmit((values) =>
    resetPassword.mutateAsync({ token, password: values.password, ...(email ? { email } : {}) }).then(
      () => setDone(true),
      () => form.setError('root', { message: t('reset.invalidToken') }),
    ),
  )

  if (done) {
    return (
      <AuthCard title={t('reset.doneTitle')} description={t('reset.doneDescription')}>
        <Link to="/login" className="text-sm text-violet-600 underline">
          {t('reset.goToLogin')}
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('reset.setTitle')} description={email}>
      <AuthForm form={form} onSubmit={submit} submitLabel={t('reset.save')}>
        <NewPasswordFields
          passwordLabel={t('reset.password')}
          repeatLabel={t('reset.repeatPassword')}
          mismatchMessage={t('reset.mismatch')}
        />
      </AuthForm>
    </AuthCard>
  )
}
