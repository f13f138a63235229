import { DeleteResponse } from '../../../core/schemas.js'
import { ProductsListRes } from '../../../modules/catalog/products/contract.js'
import {
  AdminPriceListDeleteBatchRes,
  AdminPriceListRes,
  AdminPriceListsListRes,
} from '../../../modules/price-lists/contract.js'

/** The schemas by name, so that declarations stay small. */
export type PriceListsRoutes = {
  'GET /admin/price-lists': typeof AdminPriceListsListRes
  'POST /admin/price-lists': typeof AdminPriceListRes
  'DELETE /admin/price-lists/:id': typeof DeleteResponse
  'GET /admin/price-lists/:id': typeof AdminPriceListRes
  'POST /admin/price-lists/:id': typeof AdminPriceListRes
  'DELETE /admin/price-lists/:id/prices/batch': typeof AdminPriceListDeleteBatchRes
  'POST /admin/price-lists/:id/prices/batch': typeof AdminPriceListRes
  'GET /admin/price-lists/:id/products': typeof ProductsListRes
  'DELETE /admin/price-lists/:id/products/:product_id/prices': typeof AdminPriceListDeleteBatchRes
  'DELETE /admin/price-lists/:id/products/prices/batch': typeof AdminPriceListDeleteBatchRes
  'DELETE /admin/price-lists/:id/variants/:variant_id/prices': typeof AdminPriceListDeleteBatchRes
}

export const priceListsRoutes: PriceListsRoutes = {
  'GET /admin/price-lists': AdminPriceListsListRes,
  'POST /admin/price-lists': AdminPriceListRes,
  'DELETE /admin/price-lists/:id': DeleteResponse,
  'GET /admin/price-lists/:id': AdminPriceListRes,
  'POST /admin/price-lists/:id': AdminPriceListRes,
  'DELETE /admin/price-lists/:id/prices/batch': AdminPriceListDeleteBatchRes,
  'POST /admin/price-lists/:id/prices/batch': AdminPriceListRes,
  'GET /admin/price-lists/:id/products': ProductsListRes,
  'DELETE /admin/price-lists/:id/products/:product_id/prices': AdminPriceListDeleteBatchRes,
  'DELETE /admin/price-lists/:id/products/prices/batch': AdminPriceListDeleteBatchRes,
  'DELETE /admin/price-lists/:id/variants/:variant_id/prices': AdminPriceListDeleteBatchRes,
}
