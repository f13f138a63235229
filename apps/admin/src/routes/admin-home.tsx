import { useAdminStore } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import { PageSpinner } from '../components/spinner'
import { visibleAreas } from './areas/areas'

/** /a opens the first area the sidebar shows; with none yet, a short welcome. */
export function AdminHome() {
  const { t } = useTranslation('layout')
  const { store, isLoading } = useAdminStore()
  if (isLoading) return <PageSpinner />
  const [first] = visibleAreas(store)
  if (first) return <Navigate to={`/a${first.path}`} replace />
  return (
    <section>
      <h1 className="text-2xl font-semibold text-gray-900">{t('home.title')}</h1>
      <p className="mt-1 text-sm text-gray-500">{t('home.message')}</p>
    </section>
  )
}
