import { useAdminAcceptInvite } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { AuthCard } from '../../components/auth/auth-card'
import { Button } from '../../components/button'
import { InputField } from '../../components/inputs/input-field'

interface InviteValues {
  first_name: string
  last_name: string
  password: string
  repeat: string
}

/** Accepting an invite: the new team member sets a name and a password, then logs in. */
export function InvitePage() {
  const { t } = useTranslation('auth')
  const [params] = useSearchParams()
  const token = params.get('token')
  const acceptInvite = useAdminAcceptInvite()
  const [done, setDone] = useState(false)
  const form = useForm<InviteValues>({ defaultValues: { first_name: '', last_name: '', password: '', repeat: '' } })

  const submit = form.handleSubmit(({ first_name, last_name, password }) =>
    acceptInvite.mutateAsync({ token: token ?? '', user: { first_name, last_name, password } }).then(
      () => setDone(true),
      () => form.setError('root', { message: t('invite.invalidToken') }),
    ),
  )

  if (!token)
    return (
      <AuthCard title={t('invite.title')} description={t('invite.invalidToken')}>
        {null}
      </AuthCard>
    )
  if (done) {
    return (
      <AuthCard title={t('invite.doneTitle')} description={t('invite.doneDescription')}>
        <Link to="/login" className="text-sm text-violet-600 underline">
          {t('reset.goToLogin')}
        </Link>
      </AuthCard>
    )
  }

  const { errors } = form.formState
  const errorsOf = (field: keyof InviteValues) => (errors[field]?.message ? [errors[field].message] : [])
  return (
    <AuthCard title={t('invite.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label={t('invite.firstName')}
            autoComplete="given-name"
            required
            errors={errorsOf('first_name')}
            {...form.register('first_name', { required: t('validation.required') })}
          />
          <InputField
            label={t('invite.lastName')}
            autoComplete="family-name"
            required
            errors={errorsOf('last_name')}
            {...form.register('last_name', { required: t('validation.required') })}
          />
        </div>
        <InputField
          label={t('invite.password')}
          type="password"
          autoComplete="new-password"
          required
          errors={errorsOf('password')}
          {...form.register('password', { required: t('validation.required') })}
        />
        <InputField
          label={t('invite.repeatPassword')}
          type="password"
          autoComplete="new-password"
          required
          errors={errorsOf('repeat')}
          {...form.register('repeat', {
            validate: (value, values) => value === values.password || t('invite.mismatch'),
          })}
        />
        {errors.root?.message && (
          <p role="alert" className="text-sm text-rose-600">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
          {t('invite.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}
