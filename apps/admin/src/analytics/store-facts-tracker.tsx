import { useAdminStore, useEmporiumQuery } from '@emporium/react'
import { useEffect, useRef } from 'react'
import { useAnalytics } from './analytics-context'
import type { TrackEvent } from './collector'

/** Sends one event once its properties are known; at most once per mount. */
function useTrackOnce(event: TrackEvent, properties: Record<string, unknown> | undefined) {
  const { track } = useAnalytics()
  const sent = useRef(false)
  useEffect(
    function trackWhenKnown() {
      if (sent.current || !properties) return
      sent.current = true
      track(event, properties)
    },
    [event, properties, track],
  )
}

// Only the counts matter: one row per list keeps the calls cheap.
const COUNT_ONLY = { limit: 1 }

/** The store figures of SPEC §7, sent once per visit while analytics is active. */
export function StoreFactsTracker() {
  const { store } = useAdminStore()
  const users = useEmporiumQuery(['analytics_facts', 'users'], (client) => client.admin.users.list())
  const regions = useEmporiumQuery(['analytics_facts', 'regions'], (client) => client.admin.regions.list())
  const orders = useEmporiumQuery(['analytics_facts', 'orders'], (client) => client.admin.orders.list(COUNT_ONLY))
  const products = useEmporiumQuery(['analytics_facts', 'products'], (client) => client.admin.products.list(COUNT_ONLY))
  const discounts = useEmporiumQuery(['analytics_facts', 'discounts'], (client) =>
    client.admin.discounts.list(COUNT_ONLY),
  )

  useTrackOnce('storeName', store ? { name: store.name } : undefined)
  useTrackOnce(
    'currencies',
    store ? { used_currencies: (store.currencies ?? []).map((currency) => currency.code) } : undefined,
  )
  useTrackOnce('numUsers', users.data ? { count: users.data.users.length } : undefined)
  useTrackOnce(
    'regions',
    regions.data
      ? { regions: regions.data.regions.map((region) => region.name), count: regions.data.regions.length }
      : undefined,
  )
  useTrackOnce('numOrders', orders.data ? { count: orders.data.count } : undefined)
  useTrackOnce('numProducts', products.data ? { count: products.data.count } : undefined)
  useTrackOnce('numDiscounts', discounts.data ? { count: discounts.data.count } : undefined)
  return null
}
