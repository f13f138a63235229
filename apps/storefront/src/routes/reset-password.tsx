import { useCustomerPasswordToken, useResetCustomerPassword } from '@emporium/react'
import { type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Field } from '../components/field'
import { PageMeta } from '../components/page-meta'

/** Without a token: ask for the e-mail. With `?token=…&email=…` (the e-mailed link): choose a password. */
export default function ResetPassword() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token')
  const requestLink = useCustomerPasswordToken()
  const reset = useResetCustomerPassword()

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    requestLink.mutate({ email: String(new FormData(event.currentTarget).get('email')) })
  }
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    reset.mutate({ token: token!, email: String(form.get('email')), password: String(form.get('password')) })
  }

  return (
    <section className="max-w-md">
      <PageMeta title={t('account.resetTitle')} />
      <h1 className="text-2xl font-bold">{t('account.resetTitle')}</h1>
      {token ? (
        <form onSubmit={save} className="mt-4 flex flex-col gap-3">
          <Field
            label={t('account.email')}
            name="email"
            type="email"
            required
            defaultValue={params.get('email') ?? ''}
          />
          <Field
            label={t('account.newPassword')}
            name="password"
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
          />
          <button
            type="submit"
            disabled={reset.isPending}
            className="rounded bg-gray-900 px-6 py-2 font-medium text-white"
          >
            {t('account.resetSave')}
          </button>
          <p role="status">
            {reset.isSuccess ? (
              <>
                {t('account.resetDone')}{' '}
                <Link to="/account/login" className="underline">
                  {t('account.login')}
                </Link>
              </>
            ) : reset.isError ? (
              t('common.error')
            ) : null}
          </p>
        </form>
      ) : (
        <form onSubmit={ask} className="mt-4 flex flex-col gap-3">
          <p>{t('account.resetLead')}</p>
          <Field label={t('account.email')} name="email" type="email" required autoComplete="email" />
          <button
            type="submit"
            disabled={requestLink.isPending}
            className="rounded bg-gray-900 px-6 py-2 font-medium text-white"
          >
            {t('account.resetSend')}
          </button>
          <p role="status">
            {requestLink.isSuccess ? t('account.resetSent') : requestLink.isError ? t('common.error') : null}
          </p>
        </form>
      )}
    </section>
  )
}
