import { DeleteResponse } from '../../../core/schemas.js'
import { ProductsListRes } from '../../../modules/catalog/products/contract.js'
import {
  AdminPriceListDeleteBatchRes,
  AdminPriceListRes,
  AdminPriceListsListRes,
} from '../../../modules/price-lists/contract.js'
import type { RouteTable } from '../client.js'

export const priceListsRoutes = {
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
} as const satisfies RouteTable
