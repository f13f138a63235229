import { useTranslation } from 'react-i18next'

const COLOURS: Record<string, string> = {
  published: 'bg-emerald-100 text-emerald-800',
  draft: 'bg-gray-100 text-gray-700',
  proposed: 'bg-amber-100 text-amber-800',
  rejected: 'bg-rose-100 text-rose-800',
}

export const PRODUCT_STATUSES = ['draft', 'proposed', 'published', 'rejected'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

export function StatusBadge({ status }: { status?: string | null }) {
  const { t } = useTranslation('products')
  if (!status) return null
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${COLOURS[status] ?? COLOURS.draft}`}>
      {t(`status.${status}`)}
    </span>
  )
}
