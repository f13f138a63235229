import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export function NotFound() {
  const { t } = useTranslation('common')
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="text-5xl font-bold text-gray-300">404</p>
      <h1 className="text-xl font-semibold text-gray-900">{t('notFound.title')}</h1>
      <p className="text-sm text-gray-500">{t('notFound.message')}</p>
      <Link to="/a" className="text-sm text-violet-600 underline">
        {t('notFound.home')}
      </Link>
    </main>
  )
}
