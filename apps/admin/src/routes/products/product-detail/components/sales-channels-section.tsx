import { useAdminSalesChannels, useAdminUpdateProduct } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Section } from '../../../../components/page-header'
import { useFeedback } from '../../../../components/use-feedback'
import { IdChecklist } from './id-checklist'
import type { AdminProduct } from './types'

/** The sales channels the product is available in. */
export function SalesChannelsSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const update = useAdminUpdateProduct(product.id)
  const { sales_channels = [] } = useAdminSalesChannels({ limit: 100 })
  const save = (ids: string[]) =>
    feedback.run(() => update.mutateAsync({ sales_channels: ids.map((id) => ({ id })) }), t('salesChannels.saved'))
  return (
    <Section title={t('salesChannels.title')}>
      <IdChecklist
        label={t('salesChannels.title')}
        items={sales_channels.map((channel) => ({ id: channel.id, label: channel.name ?? channel.id }))}
        selected={(product.sales_channels ?? []).map((channel) => channel.id)}
        onSave={save}
        saving={update.isPending}
        emptyMessage={t('salesChannels.empty')}
      />
    </Section>
  )
}
