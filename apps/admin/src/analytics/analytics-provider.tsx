import { useAdminGetSession, useAdminStore } from '@emporium/react'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { isFeatureEnabled } from '../routes/areas/store-capabilities'
import { AnalyticsContext, type AnalyticsState } from './analytics-context'
import { useAnalyticsConfig, useCreateAnalyticsConfig } from './analytics-config-queries'
import type { AnalyticsFormValues } from './analytics-config-form'
import { Collector, type TrackEvent } from './collector'
import { ConsentScreen } from './consent-screen'
import { trackableEmail } from './email'
import { LoadingOverlay } from './loading-overlay'
import { StoreFactsTracker } from './store-facts-tracker'

/** Build-time settings: where events go and where the usage-data documentation is. */
const COLLECTOR_URL: string | undefined = import.meta.env.EMPORIUM_ADMIN_ANALYTICS_URL || undefined
const DOCS_URL: string | undefined = import.meta.env.EMPORIUM_ADMIN_USAGE_DOCS_URL || undefined

/**
 * Usage analytics with consent (SPEC §2, §4): active only when the store's `analytics` flag is on,
 * the user has a config and has not opted out. Without a config the user is asked first. Events go
 * to the collector configured at build time; none when it is not set.
 */
export function AnalyticsProvider({
  children,
  collectorUrl = COLLECTOR_URL,
}: {
  children: ReactNode
  collectorUrl?: string
}) {
  const { user } = useAdminGetSession()
  const { store, isLoading: storeLoading } = useAdminStore({ enabled: Boolean(user) })
  const flagOn = isFeatureEnabled(store, 'analytics')
  const configQuery = useAnalyticsConfig({ enabled: Boolean(user) && flagOn })
  const createConfig = useCreateAnalyticsConfig()
  const config = configQuery.analytics_config
  const active = Boolean(user && flagOn && config && !config.opt_out)

  const collector = useMemo(
    () => (active && collectorUrl ? new Collector({ endpoint: collectorUrl }) : undefined),
    [active, collectorUrl],
  )
  useEffect(
    function flushWhenLeaving() {
      if (!collector) return
      const onHide = () => collector.flush()
      window.addEventListener('pagehide', onHide)
      return () => {
        window.removeEventListener('pagehide', onHide)
        collector.flush()
      }
    },
    [collector],
  )

  const storeName = store?.name
  useEffect(
    function identifyUser() {
      if (collector && user && storeName !== undefined) collector.identify(user.id, { store: storeName })
    },
    [collector, user, storeName],
  )

  const location = useLocation()
  useEffect(
    function sendPageView() {
      collector?.page(location.pathname)
    },
    [collector, location.pathname],
  )

  // The email given on the consent screen is sent once the new config has made analytics active.
  const pendingEmail = useRef<string | undefined>(undefined)
  useEffect(
    function sendConsentEmail() {
      if (!collector || !pendingEmail.current) return
      collector.track('userEmail', { email: pendingEmail.current })
      pendingEmail.current = undefined
    },
    [collector],
  )

  const submitConsent = useCallback(
    async ({ email, anonymize, opt_out }: AnalyticsFormValues) => {
      pendingEmail.current = trackableEmail(email, { anonymize, opt_out })
      await createConfig.mutateAsync({ anonymize, opt_out })
    },
    [createConfig],
  )

  const track = useCallback(
    (event: TrackEvent, properties: Record<string, unknown>) => collector?.track(event, properties),
    [collector],
  )
  const value = useMemo<AnalyticsState>(() => ({ active, track }), [active, track])

  const pending = Boolean(user) && (storeLoading || (flagOn && configQuery.isLoading))
  const needsConsent = Boolean(user) && flagOn && configQuery.isNotFound
  return (
    <AnalyticsContext.Provider value={value}>
      {children}
      {active && collector && <StoreFactsTracker />}
      <LoadingOverlay pending={pending} />
      {needsConsent && <ConsentScreen email={user?.email} docsUrl={DOCS_URL} onSubmit={submitConsent} />}
    </AnalyticsContext.Provider>
  )
}
