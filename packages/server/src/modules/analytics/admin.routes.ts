import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../core/request-identity.js'
import { requireFlag } from '../../core/feature-flags.js'
import {
  AdminAnalyticsConfigRes,
  AdminDeleteAnalyticsConfigRes,
  AdminPostAnalyticsConfigReq,
  AdminPostAnalyticsConfigUpdateReq,
} from './contract.js'
import {
  createAnalyticsConfig,
  deleteAnalyticsConfig,
  retrieveAnalyticsConfig,
  updateAnalyticsConfig,
} from './service.js'

/** The current user's usage-data preferences, behind the `analytics` feature flag. */
export const adminAnalyticsConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Analytics Configs']
  const flagged = { preValidation: requireFlag(app, 'analytics') }
  const response = { 200: AdminAnalyticsConfigRes }

  app.get('/admin/analytics-configs', { ...flagged, schema: { tags, response } }, async (request) => ({
    analytics_config: await retrieveAnalyticsConfig(app.db, actorOf(request)),
  }))

  app.post(
    '/admin/analytics-configs',
    { ...flagged, schema: { tags, body: AdminPostAnalyticsConfigReq, response } },
    async (request) => ({ analytics_config: await createAnalyticsConfig(app.db, actorOf(request), request.body) }),
  )

  app.post(
    '/admin/analytics-configs/update',
    { ...flagged, schema: { tags, body: AdminPostAnalyticsConfigUpdateReq, response } },
    async (request) => ({ analytics_config: await updateAnalyticsConfig(app.db, actorOf(request), request.body) }),
  )

  app.delete(
    '/admin/analytics-configs',
    { ...flagged, schema: { tags, response: { 200: AdminDeleteAnalyticsConfigRes } } },
    async (request) => {
      const userId = actorOf(request)
      await deleteAnalyticsConfig(app.db, userId)
      return { user_id: userId, object: 'analytics_config' as const, deleted: true }
    },
  )
}
