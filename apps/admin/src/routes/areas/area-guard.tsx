import { useAdminStore } from '@emporium/react'
import { Outlet } from 'react-router'
import { RecordNotFound } from '../../components/query-state'
import { PageSpinner } from '../../components/spinner'
import { visibleAreas, type CoreArea } from './areas'

/**
 * Shows an area's pages only while the store has its feature flag or module, as the sidebar does;
 * otherwise the address is a missing page (the area's calls would fail).
 */
export function AreaGuard({ area }: { area: CoreArea }) {
  const { store, isLoading } = useAdminStore()
  if (isLoading) return <PageSpinner />
  if (!visibleAreas(store, [area]).length) return <RecordNotFound />
  return <Outlet />
}
