import { lazy, Suspense } from 'react'
import { PageSpinner } from '../components/spinner'

// The charts' code loads with the home screen, not with the shell.
const Dashboard = lazy(() => import('./dashboard/dashboard').then((module) => ({ default: module.Dashboard })))

/** /a: the home dashboard. */
export function AdminHome() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Dashboard />
    </Suspense>
  )
}
