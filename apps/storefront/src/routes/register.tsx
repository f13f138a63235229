import { useAuthenticate, useCreateCustomer } from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Field } from '../components/field'
import { PageMeta } from '../components/page-meta'
import { signedIn } from '../lib/session'

export default function Register() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const register = useCreateCustomer()
  const login = useAuthenticate()
  const [error, setError] = useState<string>()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    setError(undefined)
    try {
      await register.mutateAsync({
        email: form.email,
        password: form.password,
        first_name: form.first_name,
        last_name: form.last_name,
      })
      // Registering answers the customer; the session comes from logging in with the same details.
      await login.mutateAsync({ email: form.email, password: form.password })
      signedIn.set(true)
      navigate('/account')
    } catch (failure) {
      setError((failure as Error).message)
    }
  }

  return (
    <section className="max-w-md">
      <PageMeta title={t('account.register')} />
      <h1 className="text-2xl font-bold">{t('account.register')}</h1>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <Field label={t('account.firstName')} name="first_name" required autoComplete="given-name" />
        <Field label={t('account.lastName')} name="last_name" required autoComplete="family-name" />
        <Field label={t('account.email')} name="email" type="email" required autoComplete="email" />
        <Field
          label={t('account.password')}
          name="password"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
        />
        {error ? (
          <p role="alert" className="text-red-800">
            {t('checkout.error', { message: error })}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={register.isPending}
          className="rounded bg-gray-900 px-6 py-2 font-medium text-white"
        >
          {t('account.register')}
        </button>
      </form>
    </section>
  )
}
