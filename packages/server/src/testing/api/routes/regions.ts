import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminGetRegionsRegionFulfillmentOptionsRes,
  AdminRegionsListRes,
  AdminRegionsRes,
  StoreRegionsListRes,
  StoreRegionsRes,
} from '../../../modules/regions/contract.js'
import type { RouteTable } from '../client.js'

export const regionsRoutes = {
  'GET /admin/regions': AdminRegionsListRes,
  'POST /admin/regions': AdminRegionsRes,
  'DELETE /admin/regions/:region_id': DeleteResponse,
  'GET /admin/regions/:region_id': AdminRegionsRes,
  'POST /admin/regions/:region_id': AdminRegionsRes,
  'POST /admin/regions/:region_id/countries': AdminRegionsRes,
  'DELETE /admin/regions/:region_id/countries/:country_code': AdminRegionsRes,
  'GET /admin/regions/:region_id/fulfillment-options': AdminGetRegionsRegionFulfillmentOptionsRes,
  'POST /admin/regions/:region_id/fulfillment-providers': AdminRegionsRes,
  'DELETE /admin/regions/:region_id/fulfillment-providers/:provider_id': AdminRegionsRes,
  'POST /admin/regions/:region_id/payment-providers': AdminRegionsRes,
  'DELETE /admin/regions/:region_id/payment-providers/:provider_id': AdminRegionsRes,
  'GET /store/regions': StoreRegionsListRes,
  'GET /store/regions/:region_id': StoreRegionsRes,
} as const satisfies RouteTable
