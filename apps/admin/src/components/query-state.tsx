import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from './button'
import { Spinner } from './spinner'
import { isNotFoundError } from '../lib/not-found'
import { useErrorMessage } from '../lib/use-error-message'

interface QueryStateProps {
  isLoading: boolean
  error: unknown
  /** Shown instead of the children when the data is there but holds nothing. */
  isEmpty?: boolean
  emptyMessage?: string
  onRetry?: () => void
  children: ReactNode
}

/** The loading, error and empty states every screen shares; the children render once data is there. */
export function QueryState({ isLoading, error, isEmpty, emptyMessage, onRetry, children }: QueryStateProps) {
  const { t } = useTranslation('screens')
  const message = useErrorMessage()
  if (isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    )
  }
  // An unknown id in the address is a missing page, not a failure to retry.
  if (isNotFoundError(error)) return <RecordNotFound />
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-rose-200 bg-rose-50 p-4">
        <p className="text-sm text-rose-700">{message(error)}</p>
        {onRetry && <Button onClick={onRetry}>{t('retry')}</Button>}
      </div>
    )
  }
  if (isEmpty) {
    return <p className="py-10 text-center text-sm text-gray-500">{emptyMessage}</p>
  }
  return <>{children}</>
}

/** The not-found state inside the admin frame, for a record whose id the server does not know. */
export function RecordNotFound() {
  const { t } = useTranslation('common')
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <p className="text-5xl font-bold text-gray-300">404</p>
      <h1 className="text-xl font-semibold text-gray-900">{t('notFound.title')}</h1>
      <p className="text-sm text-gray-500">{t('notFound.message')}</p>
      <Link to="/a" className="text-sm text-violet-700 underline">
        {t('notFound.home')}
      </Link>
    </div>
  )
}
