import { useTranslation } from 'react-i18next'

export function Spinner({ size = 24 }: { size?: number }) {
  const { t } = useTranslation('common')
  return (
    <span
      role="status"
      aria-label={t('states.loading')}
      style={{ width: size, height: size }}
      className="inline-block animate-spin rounded-full border-2 border-violet-600 border-t-transparent"
    />
  )
}

/** Fills the page while a route's code or data loads. */
export function PageSpinner() {
  return (
    <div className="flex h-full min-h-[50vh] w-full items-center justify-center">
      <Spinner size={32} />
    </div>
  )
}
