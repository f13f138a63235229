import { useAdminGetSession, useAdminStore } from '@emporium/react'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { isFeatureEnabled } from '../routes/areas/store-capabilities'
import { AnalyticsContext, type AnalyticsState } from './analytics-context'
import { useAnalyticsConfig, useCreateAnalyticsConfig } from './analytics-config-queries'
import type { AnalyticsFormValues } from './analytics-config-form'
import { Collector, type TrackEvent } from './collector'
import { configuredCollectorUrl } from './collector-url'
import { ConsentScreen } from './consent-screen'
import { trackableEmail } from './email'
import { LoadingOverlay } from './loading-overlay'
import { StoreFactsTracker } from './store-facts-tracker'

/** Where events go (from the server, else the build) and where the usage-data documentation is. */
const COLLECTOR_URL = configuredCollectorUrl()
const DOCS_URL: string | undefined = import.meta.env.EMPORIUM_ADMIN_USAGE_DOCS_URL || undefined

/**
 * Usage analytics with consent (SPEC §2, §4): active only when a collector is configured, the
 * store's `analytics` flag is on, the user has a config and has not opted out. Without a config the
 * user is asked first. Without a collector there is nothing to consent to: no question, no config
 * read, no event.
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
  // The store's flag and a collector to send to: without either, nothing is asked or read.
  const enabled = isFeatureEnabled(store, 'analytics') && Boolean(collectorUrl)
  const configQuery = useAnalyticsConfig({ enabled: Boolean(user) && enabled })
  const createConfig = useCreateAnalyticsConfig()
  const config = configQuery.analytics_config
  const active = Boolean(user && enabled && config && !config.opt_out)

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

  const pending = Boolean(user) && (storeLoading || (enabled && configQuery.isLoading))
  const needsConsent = Boolean(user) && enabled && configQuery.isNotFound
  return (
    <AnalyticsContext.Provider value={value}>
      {children}
      {active && collector && <StoreFactsTracker />}
      <LoadingOverlay pending={pending} />
      {needsConsent && <ConsentScreen email={user?.email} docsUrl={DOCS_URL} onSubmit={submitConsent} />}
    </AnalyticsContext.Provider>
  )
}
