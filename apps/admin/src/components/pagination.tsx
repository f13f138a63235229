import { useTranslation } from 'react-i18next'
import { Button } from './button'

interface PaginationProps {
  count: number
  offset: number
  limit: number
  onOffsetChange: (offset: number) => void
}

/** 'Showing 1–20 of 57' with Previous and Next, over a list's limit/offset/count. */
export function Pagination({ count, offset, limit, onOffsetChange }: PaginationProps) {
  const { t } = useTranslation('screens')
  if (count === 0) return null
  const from = offset + 1
  const to = Math.min(offset + limit, count)
  return (
    <nav aria-label={t('pagination.label')} className="mt-4 flex items-center justify-between text-sm text-gray-600">
      <span>{t('pagination.range', { from, to, count })}</span>
      <div className="flex gap-2">
        <Button disabled={offset === 0} onClick={() => onOffsetChange(Math.max(0, offset - limit))}>
          {t('pagination.previous')}
        </Button>
        <Button disabled={offset + limit >= count} onClick={() => onOffsetChange(offset + limit)}>
          {t('pagination.next')}
        </Button>
      </div>
    </nav>
  )
}
