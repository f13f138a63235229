import { useAdminAcceptInvite } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { AuthCard } from '../../components/auth/auth-card'
import { AuthForm } from '../../components/auth/auth-form'
import { NewPasswordFields, type NewPasswordValues } from '../../components/auth/new-password-fields'
import { fieldErrors } from '../../components/inputs/field-errors'
import { InputField } from '../../components/inputs/input-field'

interface InviteValues extends NewPasswordValues {
  first_name: string
  last_name: string
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
  return (
    <AuthCard title={t('invite.title')}>
      <AuthForm form={form} onSubmit={submit} submitLabel={t('invite.submit')}>
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label={t('invite.firstName')}
            autoComplete="given-name"
            required
            errors={fieldErrors(errors.first_name)}
            {...form.register('first_name', { required: t('validation.required') })}
          />
          <InputField
            label={t('invite.lastName')}
            autoComplete="family-name"
            required
            errors={fieldErrors(errors.last_name)}
            {...form.register('last_name', { required: t('validation.required') })}
          />
        </div>
        <NewPasswordFields
          passwordLabel={t('invite.password')}
          repeatLabel={t('invite.repeatPassword')}
          mismatchMessage={t('invite.mismatch')}
        />
      </AuthForm>
    </AuthCard>
  )
}
