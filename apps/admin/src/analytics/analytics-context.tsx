import { createContext, useContext } from 'react'
import type { TrackEvent } from './collector'

export interface AnalyticsState {
  /** True while a collector is configured, the flag is on, the user has a config and has not opted out. */
  active: boolean
  /** Records a named event; a no-op while analytics is inactive or no collector is configured. */
  track: (event: TrackEvent, properties: Record<string, unknown>) => void
}

export const AnalyticsContext = createContext<AnalyticsState | null>(null)

export function useAnalytics(): AnalyticsState {
  const context = useContext(AnalyticsContext)
  if (!context) throw new Error('useAnalytics must be used within an AnalyticsProvider')
  return context
}
