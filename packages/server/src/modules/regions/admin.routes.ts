import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse } from '../../core/schemas.js'
import {
  AdminGetRegionsParams,
  AdminGetRegionsRegionFulfillmentOptionsRes,
  AdminPostRegionsRegionCountriesReq,
  AdminPostRegionsRegionProvidersReq,
  AdminPostRegionsRegionReq,
  AdminPostRegionsReq,
  AdminRegionsListRes,
  adminRegionsPaging,
  AdminRegionsRes,
  RegionCountryParams,
  RegionFindParams,
  RegionIdParams,
  RegionProviderParams,
} from './contract.js'
import {
  addRegionCountry,
  addRegionProvider,
  listRegionFulfillmentOptions,
  removeRegionCountry,
  removeRegionProvider,
} from './members.js'
import { createRegion, deleteRegion, listRegions, retrieveRegion, updateRegion } from './service.js'

export const adminRegionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Regions']
  const regionRes = { 200: AdminRegionsRes }

  app.get(
    '/admin/regions',
    { schema: { tags, querystring: AdminGetRegionsParams, response: { 200: AdminRegionsListRes } } },
    async (request) => {
      return listRegions(app.db, request.query, adminRegionsPaging.page(request.query))
    },
  )

  app.get(
    '/admin/regions/:region_id',
    { schema: { tags, params: RegionIdParams, querystring: RegionFindParams, response: regionRes } },
    async (request) => ({ region: await retrieveRegion(app.db, request.params.region_id, request.query) }),
  )

  app.post('/admin/regions', { schema: { tags, body: AdminPostRegionsReq, response: regionRes } }, async (request) => ({
    region: await createRegion(app.db, request.body),
  }))

  app.post(
    '/admin/regions/:region_id',
    { schema: { tags, params: RegionIdParams, body: AdminPostRegionsRegionReq, response: regionRes } },
    async (request) => ({ region: await updateRegion(app.db, request.params.region_id, request.body) }),
  )

  app.delete(
    '/admin/regions/:region_id',
    { schema: { tags, params: RegionIdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteRegion(app.db, request.params.region_id)
      return { id: request.params.region_id, object: 'region', deleted: true }
    },
  )

  app.post(
    '/admin/regions/:region_id/countries',
    { schema: { tags, params: RegionIdParams, body: AdminPostRegionsRegionCountriesReq, response: regionRes } },
    async (request) => ({
      region: await addRegionCountry(app.db, request.params.region_id, request.body.country_code),
    }),
  )

  app.delete(
    '/admin/regions/:region_id/countries/:country_code',
    { schema: { tags, params: RegionCountryParams, response: regionRes } },
    async (request) => ({
      region: await removeRegionCountry(app.db, request.params.region_id, request.params.country_code),
    }),
  )

  for (const kind of ['payment', 'fulfillment'] as const) {
    app.post(
      `/admin/regions/:region_id/${kind}-providers`,
      { schema: { tags, params: RegionIdParams, body: AdminPostRegionsRegionProvidersReq, response: regionRes } },
      async (request) => ({
        region: await addRegionProvider(app.db, request.params.region_id, kind, request.body.provider_id),
      }),
    )

    app.delete(
      `/admin/regions/:region_id/${kind}-providers/:provider_id`,
      { schema: { tags, params: RegionProviderParams, response: regionRes } },
      async (request) => ({
        region: await removeRegionProvider(app.db, request.params.region_id, kind, request.params.provider_id),
      }),
    )
  }

  app.get(
    '/admin/regions/:region_id/fulfillment-options',
    { schema: { tags, params: RegionIdParams, response: { 200: AdminGetRegionsRegionFulfillmentOptionsRes } } },
    async (request) => ({
      fulfillment_options: await listRegionFulfillmentOptions(
        app.db,
        request.params.region_id,
        app.providers.fulfillmentProviders,
      ),
    }),
  )
}
