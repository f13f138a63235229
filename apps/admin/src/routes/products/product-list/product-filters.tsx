import { useAdminCollections, useAdminProductTagUsage } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { SearchField } from '../../../components/inputs/search-field'
import { SelectField } from '../../../components/inputs/select-field'
import { PRODUCT_STATUSES } from '../components/status-badge'

export interface ProductFilterValues {
  q: string
  status: string
  collection_id: string
  tag: string
}

interface ProductFiltersProps {
  values: ProductFilterValues
  onChange: (name: keyof ProductFilterValues, value: string) => void
}

/** Search and the status, collection and tag filters of the product list. */
export function ProductFilters({ values, onChange }: ProductFiltersProps) {
  const { t } = useTranslation('products')
  const { collections = [] } = useAdminCollections({ limit: 100 })
  const { tags = [] } = useAdminProductTagUsage()
  return (
    <div className="mb-4 grid grid-cols-1 gap-3 md:grid-cols-4">
      <SearchField
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={values.q}
        onChange={(q) => onChange('q', q)}
      />
      <SelectField
        label={t('list.status')}
        value={values.status}
        onChange={(event) => onChange('status', event.target.value)}
        options={[
          { value: '', label: t('list.all') },
          ...PRODUCT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
      />
      <SelectField
        label={t('list.collection')}
        value={values.collection_id}
        onChange={(event) => onChange('collection_id', event.target.value)}
        options={[
          { value: '', label: t('list.all') },
          ...collections.map((collection) => ({ value: collection.id ?? '', label: collection.title ?? '' })),
        ]}
      />
      <SelectField
        label={t('list.tag')}
        value={values.tag}
        onChange={(event) => onChange('tag', event.target.value)}
        options={[{ value: '', label: t('list.all') }, ...tags.map((tag) => ({ value: tag.id, label: tag.value }))]}
      />
    </div>
  )
}
