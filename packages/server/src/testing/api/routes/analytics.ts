import { AdminAnalyticsConfigRes, AdminDeleteAnalyticsConfigRes } from '../../../modules/analytics/contract.js'

/** The schemas by name, so that declarations stay small. */
export type AnalyticsRoutes = {
  'DELETE /admin/analytics-configs': typeof AdminDeleteAnalyticsConfigRes
  'GET /admin/analytics-configs': typeof AdminAnalyticsConfigRes
  'POST /admin/analytics-configs': typeof AdminAnalyticsConfigRes
  'POST /admin/analytics-configs/update': typeof AdminAnalyticsConfigRes
}

export const analyticsRoutes: AnalyticsRoutes = {
  'DELETE /admin/analytics-configs': AdminDeleteAnalyticsConfigRes,
  'GET /admin/analytics-configs': AdminAnalyticsConfigRes,
  'POST /admin/analytics-configs': AdminAnalyticsConfigRes,
  'POST /admin/analytics-configs/update': AdminAnalyticsConfigRes,
}
