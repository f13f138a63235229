import { useAdminLogin } from '@emporium/react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { AuthCard } from '../../components/auth/auth-card'
import { AuthForm } from '../../components/auth/auth-form'
import { fieldErrors } from '../../components/inputs/field-errors'
import { InputField } from '../../components/inputs/input-field'
import { WidgetZone } from '../../extensions/widget-zone'
import { safeNextPath } from '../../lib/safe-next'

interface LoginValues {
  email: string
  password: string
}

export function LoginPage() {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const login = useAdminLogin()
  const form = useForm<LoginValues>({ defaultValues: { email: '', password: '' } })
  const required = { required: t('validation.required') }

  const submit = form.handleSubmit((values) =>
    login.mutateAsync(values).then(
      () => navigate(safeNextPath(params.get('next')), { replace: true }),
      () => form.setError('root', { message: t('login.invalid') }),
    ),
  )

  const { errors } = form.formState
  return (
    <>
      <WidgetZone zone="login.before" />
      <AuthCard title={t('login.title')}>
        <AuthForm
          form={form}
          onSubmit={submit}
          submitLabel={t('login.submit')}
          footer={
            <Link to="/reset-password" className="text-center text-sm text-gray-500 hover:text-gray-900">
              {t('login.forgot')}
            </Link>
          }
        >
          <InputField
            label={t('login.email')}
            type="email"
            autoComplete="email"
            required
            errors={fieldErrors(errors.email)}
            {...form.register('email', required)}
          />
          <InputField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            required
            errors={fieldErrors(errors.password)}
            {...form.register('password', required)}
          />
        </AuthForm>
      </AuthCard>
      <WidgetZone zone="login.after" />
    </>
  )
}
