import { useCollections, useProductCategories, useProducts } from '@emporium/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageMeta } from '../components/page-meta'
import { ProductCard } from '../components/product-card'
import { catalogueQuery, PAGE_SIZE, readCatalogueState, type Sort } from '../lib/catalogue-query'
import { useFeature } from '../lib/features'
import { useRegion } from '../lib/region'

function FilterSelect(props: {
  label: string
  value: string
  options: { value: string; label: string }[]
  onChange(value: string): void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {props.label}
      </label>
      <select
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="rounded border border-gray-400 bg-white px-2 py-1"
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export default function Catalogue() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const state = readCatalogueState(params)
  const { region } = useRegion()
  const categoriesOn = useFeature('product_categories')
  const { collections = [] } = useCollections({ limit: 100 })
  const { product_categories = [] } = useProductCategories({ limit: 100 }, { enabled: categoriesOn })
  const {
    products = [],
    count = 0,
    isLoading,
  } = useProducts(catalogueQuery(state, region?.id), {
    enabled: region !== undefined,
  })
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE))

  /** A filter change starts again from the first page. */
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    if (name !== 'page') next.delete('page')
    setParams(next)
  }
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(page))
    return `/products?${next}`
  }

  return (
    <>
      <PageMeta title={t('catalogue.title')} description={t('catalogue.description')} />
      <h1 className="text-2xl font-bold">{t('catalogue.title')}</h1>
      <section aria-label={t('catalogue.filters')} className="mt-4 flex flex-wrap gap-4">
        <FilterSelect
          label={t('catalogue.collection')}
          value={state.collection ?? ''}
          options={[
            { value: '', label: t('catalogue.all') },
            ...collections.map((c) => ({ value: c.id, label: c.title! })),
          ]}
          onChange={(value) => setParam('collection', value)}
        />
        {categoriesOn ? (
          <FilterSelect
            label={t('catalogue.category')}
            value={state.category ?? ''}
            options={[
              { value: '', label: t('catalogue.all') },
              ...product_categories.map((c) => ({ value: c.id, label: c.name! })),
            ]}
            onChange={(value) => setParam('category', value)}
          />
        ) : null}
        <FilterSelect
          label={t('catalogue.sort')}
          value={state.sort}
          options={(
            [
              ['-created_at', t('catalogue.newest')],
              ['created_at', t('catalogue.oldest')],
              ['title', t('catalogue.titleAsc')],
              ['-title', t('catalogue.titleDesc')],
            ] as [Sort, string][]
          ).map(([value, label]) => ({ value, label }))}
          onChange={(value) => setParam('sort', value)}
        />
      </section>
      <p className="mt-4 text-sm text-gray-700" role="status">
        {isLoading ? t('common.loading') : t('catalogue.count', { count })}
      </p>
      {!isLoading && products.length === 0 ? <p className="mt-4">{t('catalogue.empty')}</p> : null}
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4" data-testid="product-grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label={t('catalogue.pagination')} className="mt-6 flex items-center gap-4">
          {state.page > 1 ? (
            <Link to={pageLink(state.page - 1)} className="underline">
              {t('catalogue.previous')}
            </Link>
          ) : null}
          <span>{t('catalogue.page', { page: state.page, pages })}</span>
          {state.page < pages ? (
            <Link to={pageLink(state.page + 1)} className="underline">
              {t('catalogue.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
