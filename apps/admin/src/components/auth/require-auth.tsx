import { useAdminGetSession } from '@emporium/react'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '../spinner'

/** Sends visitors without a session to the login page, which brings them back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  // A 401 is an answer, not a failure: no retry before sending the visitor to log in.
  const { user, isFetching } = useAdminGetSession({ retry: false })
  const location = useLocation()
  // Right after logging in the session is refetched: wait for it rather than bounce back.
  if (!user && isFetching) return <PageSpinner />
  if (!user) {
    const next = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />
  }
  return <>{children}</>
}
