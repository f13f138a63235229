import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminShippingOptionRes,
  AdminShippingOptionsListRes,
  AdminShippingProfileRes,
  AdminShippingProfilesListRes,
  StoreShippingOptionsListRes,
} from '../../../modules/shipping/contract.js'
import type { RouteTable } from '../client.js'

export const shippingRoutes = {
  'GET /admin/shipping-options': AdminShippingOptionsListRes,
  'POST /admin/shipping-options': AdminShippingOptionRes,
  'DELETE /admin/shipping-options/:option_id': DeleteResponse,
  'GET /admin/shipping-options/:option_id': AdminShippingOptionRes,
  'POST /admin/shipping-options/:option_id': AdminShippingOptionRes,
  'GET /admin/shipping-profiles': AdminShippingProfilesListRes,
  'POST /admin/shipping-profiles': AdminShippingProfileRes,
  'DELETE /admin/shipping-profiles/:profile_id': DeleteResponse,
  'GET /admin/shipping-profiles/:profile_id': AdminShippingProfileRes,
  'POST /admin/shipping-profiles/:profile_id': AdminShippingProfileRes,
  'GET /store/shipping-options': StoreShippingOptionsListRes,
} as const satisfies RouteTable
