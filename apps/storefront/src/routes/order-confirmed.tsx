import { useOrder } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { OrderSummary } from '../components/order-summary'
import { PageMeta } from '../components/page-meta'

export default function OrderConfirmed() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const { order, isLoading, isError } = useOrder(id)
  if (isLoading) return <p>{t('common.loading')}</p>
  if (isError || !order) return <p role="alert">{t('common.error')}</p>
  return (
    <section>
      <PageMeta title={t('confirmation.title')} />
      <h1 className="text-2xl font-bold">{t('confirmation.title')}</h1>
      <p className="mt-2 text-lg" data-testid="order-number">
        {t('confirmation.number', { id: order.display_id })}
      </p>
      <p>{t('confirmation.sent', { email: order.email })}</p>
      <OrderSummary order={order} />
      <Link to="/products" className="mt-6 inline-block underline">
        {t('confirmation.continue')}
      </Link>
    </section>
  )
}
