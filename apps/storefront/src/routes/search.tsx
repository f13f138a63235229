import { useProductSearch } from '@emporium/react'
import { useDeferredValue, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageMeta } from '../components/page-meta'
import { ProductCard } from '../components/product-card'
import { useRegion } from '../lib/region'

export default function Search() {
  const { t } = useTranslation()
  const id = useId()
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const [typed, setTyped] = useState(q)
  const deferred = useDeferredValue(typed)
  const { region } = useRegion()
  const suggestions = useProductSearch({ q: deferred, limit: 5, region_id: region?.id })
  const results = useProductSearch({ q, limit: 24, region_id: region?.id })
  const showSuggestions = typed.trim() !== '' && typed !== q && (suggestions.hits?.length ?? 0) > 0

  return (
    <>
      <PageMeta title={t('search.title')} />
      <h1 className="text-2xl font-bold">{t('search.title')}</h1>
      <form
        role="search"
        className="mt-4 flex max-w-xl flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          setParams(typed.trim() ? { q: typed.trim() } : {})
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('search.label')}
        </label>
        <input
          id={id}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          className="min-w-0 flex-1 rounded border border-gray-400 px-3 py-2"
        />
        <button type="submit" className="rounded bg-gray-900 px-4 py-2 font-medium text-white">
          {t('search.submit')}
        </button>
      </form>
      {showSuggestions ? (
        <nav aria-label={t('search.suggestions')} className="mt-2 max-w-xl rounded border border-gray-300">
          <ul>
            {suggestions.hits!.map((hit) => (
              <li key={hit.id}>
                <Link to={`/products/${hit.handle}`} className="block px-3 py-2 hover:bg-gray-100">
                  {hit.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {q ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold">
            <span role="status">
              {results.isSuccess
                ? (results.hits?.length ?? 0) > 0
                  ? t('search.results', { count: results.estimatedTotalHits ?? results.hits!.length, q })
                  : t('search.none', { q })
                : t('common.loading')}
            </span>
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
            {(results.hits ?? []).map((hit) => (
              <ProductCard key={hit.id} product={hit} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
