import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'

/** The router's fallback when a route throws while loading or rendering. */
export function RouterError() {
  const { t } = useTranslation('common')
  const error = useRouteError()
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-xl font-semibold text-gray-900">{t('errors.unexpected')}</h1>
      {import.meta.env.DEV && error instanceof Error && (
        <pre className="max-w-2xl overflow-auto rounded bg-gray-50 p-3 text-left text-xs text-gray-600">
          {error.message}
        </pre>
      )}
      <button type="button" className="text-sm text-violet-600 underline" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  )
}
