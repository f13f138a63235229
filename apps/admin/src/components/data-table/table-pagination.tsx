import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { PAGE_SIZES, type TableQueryController } from './use-table-query'

/** '1–20 of 57', the page size, Previous and Next. */
export function TablePagination({ count, table }: { count: number; table: TableQueryController }) {
  const { t } = useTranslation(['screens', 'ui'])
  const sizeId = useId()
  const { offset, limit } = table.query
  if (count === 0) return null
  const from = Math.min(offset + 1, count)
  const to = Math.min(offset + limit, count)
  return (
    <nav
      aria-label={t('screens:pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600"
    >
      <span>{t('screens:pagination.range', { from, to, count })}</span>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId}>{t('ui:table.rowsPerPage')}</label>
        <select
          id={sizeId}
          value={limit}
          onChange={(event) => table.setLimit(Number(event.target.value))}
          className="rounded-md border border-gray-200 bg-white px-2 py-1.5"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button disabled={offset === 0} onClick={() => table.setOffset(Math.max(0, offset - limit))}>
          {t('screens:pagination.previous')}
        </Button>
        <Button disabled={offset + limit >= count} onClick={() => table.setOffset(offset + limit)}>
          {t('screens:pagination.next')}
        </Button>
      </div>
    </nav>
  )
}
