import { StoreCartsRes } from '../../../modules/carts/contract.js'
import { StoreShippingOptionsListRes } from '../../../modules/shipping/contract.js'
import type { RouteTable } from '../client.js'

export const cartsRoutes = {
  'POST /store/carts': StoreCartsRes,
  'GET /store/carts/:id': StoreCartsRes,
  'POST /store/carts/:id': StoreCartsRes,
  'DELETE /store/carts/:id/discounts/:code': StoreCartsRes,
  'POST /store/carts/:id/line-items': StoreCartsRes,
  'DELETE /store/carts/:id/line-items/:line_id': StoreCartsRes,
  'POST /store/carts/:id/line-items/:line_id': StoreCartsRes,
  'POST /store/carts/:id/payment-session': StoreCartsRes,
  'POST /store/carts/:id/payment-sessions': StoreCartsRes,
  'DELETE /store/carts/:id/payment-sessions/:provider_id': StoreCartsRes,
  'POST /store/carts/:id/payment-sessions/:provider_id': StoreCartsRes,
  'POST /store/carts/:id/payment-sessions/:provider_id/refresh': StoreCartsRes,
  'POST /store/carts/:id/shipping-methods': StoreCartsRes,
  'POST /store/carts/:id/taxes': StoreCartsRes,
  'GET /store/shipping-options/:cart_id': StoreShippingOptionsListRes,
} as const satisfies RouteTable
