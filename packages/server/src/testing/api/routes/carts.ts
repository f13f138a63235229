import { StoreCartsRes } from '../../../modules/carts/contract.js'
import { StoreShippingOptionsListRes } from '../../../modules/shipping/contract.js'

/** The schemas by name, so that declarations stay small. */
export type CartsRoutes = {
  'POST /store/carts': typeof StoreCartsRes
  'GET /store/carts/:id': typeof StoreCartsRes
  'POST /store/carts/:id': typeof StoreCartsRes
  'DELETE /store/carts/:id/discounts/:code': typeof StoreCartsRes
  'POST /store/carts/:id/line-items': typeof StoreCartsRes
  'DELETE /store/carts/:id/line-items/:line_id': typeof StoreCartsRes
  'POST /store/carts/:id/line-items/:line_id': typeof StoreCartsRes
  'POST /store/carts/:id/payment-session': typeof StoreCartsRes
  'POST /store/carts/:id/payment-sessions': typeof StoreCartsRes
  'DELETE /store/carts/:id/payment-sessions/:provider_id': typeof StoreCartsRes
  'POST /store/carts/:id/payment-sessions/:provider_id': typeof StoreCartsRes
  'POST /store/carts/:id/payment-sessions/:provider_id/refresh': typeof StoreCartsRes
  'POST /store/carts/:id/shipping-methods': typeof StoreCartsRes
  'POST /store/carts/:id/taxes': typeof StoreCartsRes
  'GET /store/shipping-options/:cart_id': typeof StoreShippingOptionsListRes
}

export const cartsRoutes: CartsRoutes = {
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
}
