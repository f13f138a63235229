import { useAdminProductCategories, useAdminUpdateProduct } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Section } from '../../../../components/page-header'
import { useFeedback } from '../../../../components/use-feedback'
import { IdChecklist } from './id-checklist'
import type { AdminProduct } from './types'

/** The categories the product belongs to (shown only with the product_categories flag on). */
export function CategoriesSection({ product }: { product: AdminProduct }) {
  const { t } = useTranslation('products')
  const feedback = useFeedback()
  const update = useAdminUpdateProduct(product.id)
  const { product_categories = [] } = useAdminProductCategories({ limit: 500 })
  const save = (ids: string[]) =>
    feedback.run(() => update.mutateAsync({ categories: ids.map((id) => ({ id })) }), t('categories.saved'))
  return (
    <Section title={t('categories.title')}>
      <IdChecklist
        label={t('categories.title')}
        items={product_categories.map((category) => ({
          id: category.id,
          label: category.parent_category
            ? `${category.parent_category.name} › ${category.name}`
            : (category.name ?? ''),
        }))}
        selected={(product.categories ?? []).map((category) => category.id)}
        onSave={save}
        saving={update.isPending}
        emptyMessage={t('categories.empty')}
      />
    </Section>
  )
}
