import { useAdminCollections } from '@emporium/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { PageHeader } from '../../../components/page-header'
import { Pagination } from '../../../components/pagination'
import { QueryState } from '../../../components/query-state'
import { SearchField } from '../../../components/inputs/search-field'
import { Cell, Table } from '../../../components/table'
import { CollectionModal } from '../components/collection-modal'

const PAGE_SIZE = 20

/** Collections with search and pages, and the create modal. */
export function CollectionList() {
  const { t } = useTranslation('collections')
  const navigate = useNavigate()
  const [q, setQ] = useState('')
  const [offset, setOffset] = useState(0)
  const [creating, setCreating] = useState(false)
  const {
    collections = [],
    count = 0,
    isLoading,
    error,
    refetch,
  } = useAdminCollections(
    { limit: PAGE_SIZE, offset, ...(q ? { q } : {}) },
    // While a new search or page loads, the previous rows stay instead of a spinner.
    { placeholderData: keepPreviousData },
  )
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
      <SearchField
        className="mb-4 max-w-sm"
        label={t('list.search')}
        value={q}
        onChange={(search) => {
          setQ(search)
          setOffset(0)
        }}
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={collections.length === 0}
        emptyMessage={t('list.empty')}
      >
        <Table caption={t('list.title')} headers={[t('list.columns.title'), t('list.columns.handle')]}>
          {collections.map((collection) => (
            <tr key={collection.id}>
              <Cell>
                <Link to={collection.id!} className="font-medium text-gray-900 hover:text-violet-700">
                  {collection.title}
                </Link>
              </Cell>
              <Cell className="text-gray-500">/{collection.handle}</Cell>
            </tr>
          ))}
        </Table>
        <Pagination count={count} offset={offset} limit={PAGE_SIZE} onOffsetChange={setOffset} />
      </QueryState>
      <CollectionModal open={creating} onClose={() => setCreating(false)} onSaved={(id) => navigate(id)} />
    </section>
  )
}
