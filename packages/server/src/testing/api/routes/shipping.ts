import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminShippingOptionRes,
  AdminShippingOptionsListRes,
  AdminShippingProfileRes,
  AdminShippingProfilesListRes,
  StoreShippingOptionsListRes,
} from '../../../modules/shipping/contract.js'

/** The schemas by name, so that declarations stay small. */
export type ShippingRoutes = {
  'GET /admin/shipping-options': typeof AdminShippingOptionsListRes
  'POST /admin/shipping-options': typeof AdminShippingOptionRes
  'DELETE /admin/shipping-options/:option_id': typeof DeleteResponse
  'GET /admin/shipping-options/:option_id': typeof AdminShippingOptionRes
  'POST /admin/shipping-options/:option_id': typeof AdminShippingOptionRes
  'GET /admin/shipping-profiles': typeof AdminShippingProfilesListRes
  'POST /admin/shipping-profiles': typeof AdminShippingProfileRes
  'DELETE /admin/shipping-profiles/:profile_id': typeof DeleteResponse
  'GET /admin/shipping-profiles/:profile_id': typeof AdminShippingProfileRes
  'POST /admin/shipping-profiles/:profile_id': typeof AdminShippingProfileRes
  'GET /store/shipping-options': typeof StoreShippingOptionsListRes
}

export const shippingRoutes: ShippingRoutes = {
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
}
