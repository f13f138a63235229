import { useAdminSendResetPasswordToken } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EMAIL_PATTERN } from '../../analytics/email'
import { AuthCard } from '../../components/auth/auth-card'
import { AuthForm } from '../../components/auth/auth-form'
import { fieldErrors } from '../../components/inputs/field-errors'
import { InputField } from '../../components/inputs/input-field'
import { notify } from '../../components/toasts/notify'
import { useErrorMessage } from '../../lib/use-error-message'

export function RequestResetForm() {
  const { t } = useTranslation(['auth', 'common'])
  const toMessage = useErrorMessage()
  const sendToken = useAdminSendResetPasswordToken()
  const [sentTo, setSentTo] = useState<string>()
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } })

  const submit = form.handleSubmit((values) =>
    sendToken.mutateAsync(values).then(
      () => setSentTo(values.email),
      (error: unknown) => notify.error(t('common:errors.title'), toMessage(error)),
    ),
  )

  if (sentTo) {
    return (
      <AuthCard title={t('reset.sentTitle')} description={t('reset.sentDescription', { email: sentTo })}>
        <Link to="/login" className="text-sm text-violet-600 underline">
          {t('reset.backToLogin')}
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('reset.requestTitle')} description={t('reset.requestDescription')}>
      <AuthForm
        form={form}
        onSubmit={submit}
        submitLabel={t('reset.send')}
        footer={
          <Link to="/login" className="text-center text-sm text-gray-500 hover:text-gray-900">
            {t('reset.backToLogin')}
          </Link>
        }
      >
        <InputField
          label={t('reset.email')}
          type="email"
          autoComplete="email"
          required
          errors={fieldErrors(form.formState.errors.email)}
          {...form.register('email', {
            required: t('validation.required'),
            pattern: { value: EMAIL_PATTERN, message: t('validation.email') },
          })}
        />
      </AuthForm>
    </AuthCard>
  )
}
