import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminGetRegionsRegionFulfillmentOptionsRes,
  AdminRegionsListRes,
  AdminRegionsRes,
  StoreRegionsListRes,
  StoreRegionsRes,
} from '../../../modules/regions/contract.js'

/** The schemas by name, so that declarations stay small. */
export type RegionsRoutes = {
  'GET /admin/regions': typeof AdminRegionsListRes
  'POST /admin/regions': typeof AdminRegionsRes
  'DELETE /admin/regions/:region_id': typeof DeleteResponse
  'GET /admin/regions/:region_id': typeof AdminRegionsRes
  'POST /admin/regions/:region_id': typeof AdminRegionsRes
  'POST /admin/regions/:region_id/countries': typeof AdminRegionsRes
  'DELETE /admin/regions/:region_id/countries/:country_code': typeof AdminRegionsRes
  'GET /admin/regions/:region_id/fulfillment-options': typeof AdminGetRegionsRegionFulfillmentOptionsRes
  'POST /admin/regions/:region_id/fulfillment-providers': typeof AdminRegionsRes
  'DELETE /admin/regions/:region_id/fulfillment-providers/:provider_id': typeof AdminRegionsRes
  'POST /admin/regions/:region_id/payment-providers': typeof AdminRegionsRes
  'DELETE /admin/regions/:region_id/payment-providers/:provider_id': typeof AdminRegionsRes
  'GET /store/regions': typeof StoreRegionsListRes
  'GET /store/regions/:region_id': typeof StoreRegionsRes
}

export const regionsRoutes: RegionsRoutes = {
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
}
