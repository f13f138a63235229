import { useAdminProducts } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { Pagination } from '../../../components/pagination'
import { QueryState } from '../../../components/query-state'
import { Cell, Table } from '../../../components/table'
import { ProductCreateModal } from '../product-create/product-create'
import { StatusBadge, type ProductStatus } from '../components/status-badge'
import { BulkActions } from './bulk-actions'
import { ProductFilters, type ProductFilterValues } from './product-filters'

export const PRODUCTS_PAGE_SIZE = 20

/** Products with search, filters and pages kept in the URL, bulk selection and the create modal. */
export function ProductList() {
  const { t } = useTranslation('products')
  const [params, setParams] = useSearchParams()
  const [creating, setCreating] = useState(false)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const filters: ProductFilterValues = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    collection_id: params.get('collection_id') ?? '',
    tag: params.get('tag') ?? '',
  }
  const offset = Number(params.get('offset') ?? 0) || 0
  const {
    products,
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminProducts(
    {
      limit: PRODUCTS_PAGE_SIZE,
      offset,
      ...(filters.q ? { q: filters.q } : {}),
      ...(filters.status ? { status: [filters.status as ProductStatus] } : {}),
      ...(filters.collection_id ? { collection_id: [filters.collection_id] } : {}),
      ...(filters.tag ? { tags: [filters.tag] } : {}),
    },
    // While a new search or page loads, the previous rows stay instead of a spinner.
    { placeholderData: keepPreviousData },
  )

  const setParam = (name: string, value: string) => {
    setParams((current) => {
      const next = new URLSearchParams(current)
      if (value) next.set(name, value)
      else next.delete(name)
      // A new filter starts again from the first page.
      if (name !== 'offset') next.delete('offset')
      return next
    })
    setSelected(new Set())
  }

  const rows = products ?? []
  const allSelected = rows.length > 0 && rows.every((product) => selected.has(product.id))
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <section>
      <PageHeader
        title={t('list.title')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('actions.new')}
          </Button>
        }
      />
      <ProductFilters values={filters} onChange={setParam} />
      {selected.size > 0 && (
        <BulkActions selectedIds={[...selected]} onDone={(failedIds) => setSelected(new Set(failedIds))} />
      )}
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={rows.length === 0}
        emptyMessage={t('list.empty')}
      >
        <Table
          caption={t('list.title')}
          headers={[
            <input
              key="all"
              type="checkbox"
              aria-label={t('list.selectAll')}
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((product) => product.id)))}
            />,
            t('list.columns.title'),
            t('list.columns.collection'),
            t('list.columns.status'),
            t('list.columns.variants'),
          ]}
        >
          {rows.map((product) => (
            <tr key={product.id}>
              <Cell>
                <input
                  type="checkbox"
                  aria-label={t('list.select', { title: product.title })}
                  checked={selected.has(product.id)}
                  onChange={() => toggle(product.id)}
                />
              </Cell>
              <Cell>
                <Link
                  to={product.id}
                  className="flex items-center gap-3 font-medium text-gray-900 hover:text-violet-700"
                >
                  {product.thumbnail && <img src={product.thumbnail} alt="" className="h-8 w-8 rounded object-cover" />}
                  {product.title}
                </Link>
              </Cell>
              <Cell>{product.collection?.title ?? '—'}</Cell>
              <Cell>
                <StatusBadge status={product.status} />
              </Cell>
              <Cell>{product.variants?.length ?? 0}</Cell>
            </tr>
          ))}
        </Table>
        <Pagination
          count={count}
          offset={offset}
          limit={PRODUCTS_PAGE_SIZE}
          onOffsetChange={(next) => setParam('offset', next ? String(next) : '')}
        />
      </QueryState>
      <ProductCreateModal open={creating} onClose={() => setCreating(false)} />
    </section>
  )
}
