import { useAuthenticate } from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Field } from '../components/field'
import { PageMeta } from '../components/page-meta'
import { signedIn } from '../lib/session'

export default function Login() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const login = useAuthenticate()
  const [failed, setFailed] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setFailed(false)
    try {
      await login.mutateAsync({ email: String(form.get('email')), password: String(form.get('password')) })
      signedIn.set(true)
      navigate('/account')
    } catch {
      setFailed(true)
    }
  }

  return (
    <section className="max-w-md">
      <PageMeta title={t('account.login')} />
      <h1 className="text-2xl font-bold">{t('account.login')}</h1>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <Field label={t('account.email')} name="email" type="email" required autoComplete="email" />
        <Field label={t('account.password')} name="password" type="password" required autoComplete="current-password" />
        {failed ? (
          <p role="alert" className="text-red-800">
            {t('account.loginFailed')}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={login.isPending}
          className="rounded bg-gray-900 px-6 py-2 font-medium text-white"
        >
          {t('account.login')}
        </button>
      </form>
      <p className="mt-4 flex flex-wrap gap-4">
        <Link to="/account/reset-password" className="underline">
          {t('account.forgot')}
        </Link>
        <span>
          {t('account.noAccount')}{' '}
          <Link to="/account/register" className="underline">
            {t('account.register')}
          </Link>
        </span>
      </p>
    </section>
  )
}
