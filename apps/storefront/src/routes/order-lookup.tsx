import { useCustomerOrder } from '@emporium/react'
import { type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Field } from '../components/field'
import { OrderSummary } from '../components/order-summary'
import { PageMeta } from '../components/page-meta'

/** The query lives in the URL, so a found order can be reloaded or shared with its owner. */
export default function OrderLookup() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const email = params.get('email') ?? ''
  const displayId = Number.parseInt(params.get('number') ?? '', 10)
  const asked = email !== '' && Number.isInteger(displayId) && displayId > 0
  const lookup = useCustomerOrder({ email, display_id: displayId }, { enabled: asked, retry: false })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setParams({ email: String(form.get('email')).trim(), number: String(form.get('number')).replace(/^#/, '').trim() })
  }

  return (
    <section>
      <PageMeta title={t('lookup.title')} />
      <h1 className="text-2xl font-bold">{t('lookup.title')}</h1>
      <p className="mt-2">{t('lookup.lead')}</p>
      <form onSubmit={submit} className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2">
        <Field label={t('lookup.email')} name="email" type="email" required autoComplete="email" defaultValue={email} />
        <Field
          label={t('lookup.number')}
          name="number"
          inputMode="numeric"
          required
          pattern="#?[0-9]+"
          defaultValue={params.get('number') ?? ''}
        />
        <div className="sm:col-span-2">
          <button type="submit" className="rounded bg-gray-900 px-6 py-2 font-medium text-white">
            {t('lookup.submit')}
          </button>
        </div>
      </form>
      {asked && lookup.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          {t('lookup.notFound')}
        </p>
      ) : null}
      {lookup.order ? (
        <div className="mt-6">
          <h2 className="text-xl font-semibold">{t('order.title', { id: lookup.order.display_id })}</h2>
          <OrderSummary order={lookup.order} />
        </div>
      ) : null}
    </section>
  )
}
