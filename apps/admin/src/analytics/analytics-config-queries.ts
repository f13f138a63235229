import {
  adminAnalyticsConfigKeys,
  useEmporiumMutation,
  useEmporiumQuery,
  type EmporiumClient,
  type QueryOptions,
} from '@emporium/react'
import type { AnalyticsPreferences } from './analytics-config-form'

/** The current user's analytics config is one cache entry; both writes refresh it (SPEC §7). */
const ANALYTICS_CONFIG_KEY = adminAnalyticsConfigKeys.all

function isNotFound(error: unknown): boolean {
  return (error as { response?: { status?: number } } | null)?.response?.status === 404
}

type ConfigAnswer = Awaited<ReturnType<EmporiumClient['admin']['analyticsConfigs']['retrieve']>>

/**
 * GET /admin/analytics-configs, never retried: a 404 means the user has not answered the consent
 * screen yet, reported as `isNotFound`.
 */
export function useAnalyticsConfig(options: Pick<QueryOptions<ConfigAnswer>, 'enabled'> = {}) {
  const result = useEmporiumQuery(ANALYTICS_CONFIG_KEY, (client) => client.admin.analyticsConfigs.retrieve(), {
    ...options,
    retry: false,
  })
  return { ...result, isNotFound: isNotFound(result.error) }
}

/** POST /admin/analytics-configs: the answer to the consent screen. */
export function useCreateAnalyticsConfig() {
  return useEmporiumMutation(
    (client, preferences: AnalyticsPreferences) => client.admin.analyticsConfigs.create(preferences),
    () => [ANALYTICS_CONFIG_KEY],
  )
}

/** POST /admin/analytics-configs/update: changed preferences (created when missing). */
export function useUpdateAnalyticsConfig() {
  return useEmporiumMutation(
    (client, preferences: Partial<AnalyticsPreferences>) => client.admin.analyticsConfigs.update(preferences),
    () => [ANALYTICS_CONFIG_KEY],
  )
}
