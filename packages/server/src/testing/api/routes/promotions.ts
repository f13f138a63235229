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

/** The schemas by name, so that declarations stay small. */
export type PromotionsRoutes = {
  'GET /admin/discounts': typeof AdminDiscountsListRes
  'POST /admin/discounts': typeof AdminDiscountsRes
  'DELETE /admin/discounts/:id': typeof DeleteResponse
  'GET /admin/discounts/:id': typeof AdminDiscountsRes
  'POST /admin/discounts/:id': typeof AdminDiscountsRes
  'POST /admin/discounts/:id/conditions': typeof AdminDiscountsRes
  'DELETE /admin/discounts/:id/conditions/:condition_id': typeof AdminDiscountConditionsDeleteRes
  'GET /admin/discounts/:id/conditions/:condition_id': typeof AdminDiscountConditionsRes
  'POST /admin/discounts/:id/conditions/:condition_id': typeof AdminDiscountsRes
  'POST /admin/discounts/:id/conditions/:condition_id/batch': typeof AdminDiscountsRes
  'DELETE /admin/discounts/:id/conditions/:condition_id/batch': typeof AdminDiscountsRes
  'POST /admin/discounts/:id/dynamic-codes': typeof AdminDiscountsRes
  'DELETE /admin/discounts/:id/dynamic-codes/:code': typeof AdminDiscountsRes
  'DELETE /admin/discounts/:id/regions/:region_id': typeof AdminDiscountsRes
  'POST /admin/discounts/:id/regions/:region_id': typeof AdminDiscountsRes
  'GET /admin/discounts/code/:code': typeof AdminDiscountsRes
  'GET /admin/gift-cards': typeof AdminGiftCardsListRes
  'POST /admin/gift-cards': typeof AdminGiftCardsRes
  'DELETE /admin/gift-cards/:id': typeof DeleteResponse
  'GET /admin/gift-cards/:id': typeof AdminGiftCardsRes
  'POST /admin/gift-cards/:id': typeof AdminGiftCardsRes
  'GET /store/gift-cards/:code': typeof StoreGiftCardsRes
}

export const promotionsRoutes: PromotionsRoutes = {
  'GET /admin/discounts': AdminDiscountsListRes,
  'POST /admin/discounts': AdminDiscountsRes,
  'DELETE /admin/discounts/:id': DeleteResponse,
  'GET /admin/discounts/:id': AdminDiscountsRes,
  'POST /admin/discounts/:id': AdminDiscountsRes,
  'POST /admin/discounts/:id/conditions': AdminDiscountsRes,
  'DELETE /admin/discounts/:id/conditions/:condition_id': AdminDiscountConditionsDeleteRes,
  'GET /admin/discounts/:id/conditions/:condition_id': AdminDiscountConditionsRes,
  'POST /admin/discounts/:id/conditions/:condition_id': AdminDiscountsRes,
  'POST /admin/discounts/:id/conditions/:condition_id/batch': AdminDiscountsRes,
  'DELETE /admin/discounts/:id/conditions/:condition_id/batch': AdminDiscountsRes,
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
}
