import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminDiscountConditionsDeleteRes,
  AdminDiscountConditionsRes,
  AdminDiscountsListRes,
  AdminDiscountsRes,
} from '../../../modules/promotions/contract.js'
import {
  AdminGiftCardsListRes,
  AdminGiftCardsRes,
  StoreGiftCardsRes,
} from '../../../modules/promotions/gift-cards-contract.js'
import type { RouteTable } from '../client.js'

export const promotionsRoutes = {
  'GET /admin/discounts': AdminDiscountsListRes,
  'POST /admin/discounts': AdminDiscountsRes,
  'DELETE /admin/discounts/:id': DeleteResponse,
  'GET /admin/discounts/:id': AdminDiscountsRes,
  'POST /admin/discounts/:id': AdminDiscountsRes,
  'POST /admin/discounts/:id/conditions': AdminDiscountsRes,
  'DELETE /admin/discounts/:id/conditions/:condition_id': AdminDiscountConditionsDeleteRes,
  'GET /admin/discounts/:id/conditions/:condition_id': AdminDiscountConditionsRes,
  'POST /admin/discounts/:id/conditions/:condition_id': AdminDiscountsRes,
  'POST /admin/discounts/:id/dynamic-codes': AdminDiscountsRes,
  'DELETE /admin/discounts/:id/dynamic-codes/:code': AdminDiscountsRes,
  'DELETE /admin/discounts/:id/regions/:region_id': AdminDiscountsRes,
  'POST /admin/discounts/:id/regions/:region_id': AdminDiscountsRes,
  'GET /admin/discounts/code/:code': AdminDiscountsRes,
  'GET /admin/gift-cards': AdminGiftCardsListRes,
  'POST /admin/gift-cards': AdminGiftCardsRes,
  'DELETE /admin/gift-cards/:id': DeleteResponse,
  'GET /admin/gift-cards/:id': AdminGiftCardsRes,
  'POST /admin/gift-cards/:id': AdminGiftCardsRes,
  'GET /store/gift-cards/:code': StoreGiftCardsRes,
} as const satisfies RouteTable
