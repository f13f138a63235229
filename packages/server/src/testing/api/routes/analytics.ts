import { AdminAnalyticsConfigRes, AdminDeleteAnalyticsConfigRes } from '../../../modules/analytics/contract.js'
import type { RouteTable } from '../client.js'

export const analyticsRoutes = {
  'DELETE /admin/analytics-configs': AdminDeleteAnalyticsConfigRes,
  'GET /admin/analytics-configs': AdminAnalyticsConfigRes,
  'POST /admin/analytics-configs': AdminAnalyticsConfigRes,
  'POST /admin/analytics-configs/update': AdminAnalyticsConfigRes,
} as const satisfies RouteTable
