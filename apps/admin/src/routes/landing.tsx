import { useAdminGetSession } from '@emporium/react'
import { Navigate } from 'react-router'
import { PageSpinner } from '../components/spinner'

/** The landing page sends signed-in staff to the admin area and everyone else to log in. */
export function Landing() {
  const { user, isFetching } = useAdminGetSession({ retry: false })
  if (!user && isFetching) return <PageSpinner />
  return <Navigate to={user ? '/a' : '/login'} replace />
}
