import { useOrder } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { OrderSummary } from '../components/order-summary'
import { PageMeta } from '../components/page-meta'

export default function AccountOrder() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const { order, isLoading, isError } = useOrder(id)
  if (isLoading) return <p>{t('common.loading')}</p>
  if (isError || !order) return <p role="alert">{t('common.error')}</p>
  return (
    <section>
      <PageMeta title={t('order.title', { id: order.display_id })} />
      <Link to="/account" className="underline">
        {t('account.title')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t('order.title', { id: order.display_id })}</h1>
      <OrderSummary order={order} />
    </section>
  )
}
