import { useAdminResetPassword } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AuthCard } from '../../components/auth/auth-card'
import { Button } from '../../components/button'
import { InputField } from '../../components/inputs/input-field'

interface SetPasswordValues {
  password: string
  repeat: string
}

export function SetPasswordForm({ token, email }: { token: string; email?: string }) {
  const { t } = useTranslation('auth')
  const resetPassword = useAdminResetPassword()
  const [done, setDone] = useState(false)
  const form = useForm<SetPasswordValues>({ defaultValues: { password: '', repeat: '' } })

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

  const { errors } = form.formState
  return (
    <AuthCard title={t('reset.setTitle')} description={email}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <InputField
          label={t('reset.password')}
          type="password"
          autoComplete="new-password"
          required
          errors={errors.password?.message ? [errors.password.message] : []}
          {...form.register('password', { required: t('validation.required') })}
        />
        <InputField
          label={t('reset.repeatPassword')}
          type="password"
          autoComplete="new-password"
          required
          errors={errors.repeat?.message ? [errors.repeat.message] : []}
          {...form.register('repeat', {
            validate: (value, values) => value === values.password || t('reset.mismatch'),
          })}
        />
        {errors.root?.message && (
          <p role="alert" className="text-sm text-rose-600">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
          {t('reset.save')}
        </Button>
      </form>
    </AuthCard>
  )
}
