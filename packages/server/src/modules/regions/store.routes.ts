import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  RegionFindParams,
  RegionIdParams,
  StoreGetRegionsParams,
  StoreRegionsListRes,
  storeRegionsPaging,
  StoreRegionsRes,
} from './contract.js'
import { listRegions, retrieveRegion } from './service.js'

export const storeRegionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Regions']

  app.get(
    '/store/regions',
    { schema: { tags, querystring: StoreGetRegionsParams, response: { 200: StoreRegionsListRes } } },
    async (request) => {
      return listRegions(app.db, request.query, storeRegionsPaging.page(request.query))
    },
  )

  app.get(
    '/store/regions/:region_id',
    { schema: { tags, params: RegionIdParams, querystring: RegionFindParams, response: { 200: StoreRegionsRes } } },
    async (request) => ({ region: await retrieveRegion(app.db, request.params.region_id, request.query) }),
  )
}
