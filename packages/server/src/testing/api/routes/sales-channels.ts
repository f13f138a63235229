import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminPublishableApiKeysListRes,
  AdminPublishableApiKeysListSalesChannelsRes,
  AdminPublishableApiKeysRes,
  AdminSalesChannelsListRes,
  AdminSalesChannelsRes,
} from '../../../modules/sales-channels/contract.js'

/** The schemas by name, so that declarations stay small. */
export type SalesChannelsRoutes = {
  'GET /admin/publishable-api-keys': typeof AdminPublishableApiKeysListRes
  'POST /admin/publishable-api-keys': typeof AdminPublishableApiKeysRes
  'DELETE /admin/publishable-api-keys/:id': typeof DeleteResponse
  'GET /admin/publishable-api-keys/:id': typeof AdminPublishableApiKeysRes
  'POST /admin/publishable-api-keys/:id': typeof AdminPublishableApiKeysRes
  'POST /admin/publishable-api-keys/:id/revoke': typeof AdminPublishableApiKeysRes
  'GET /admin/publishable-api-keys/:id/sales-channels': typeof AdminPublishableApiKeysListSalesChannelsRes
  'DELETE /admin/publishable-api-keys/:id/sales-channels/batch': typeof AdminPublishableApiKeysRes
  'POST /admin/publishable-api-keys/:id/sales-channels/batch': typeof AdminPublishableApiKeysRes
  'GET /admin/sales-channels': typeof AdminSalesChannelsListRes
  'POST /admin/sales-channels': typeof AdminSalesChannelsRes
  'DELETE /admin/sales-channels/:id': typeof DeleteResponse
  'GET /admin/sales-channels/:id': typeof AdminSalesChannelsRes
  'POST /admin/sales-channels/:id': typeof AdminSalesChannelsRes
  'DELETE /admin/sales-channels/:id/products/batch': typeof AdminSalesChannelsRes
  'POST /admin/sales-channels/:id/products/batch': typeof AdminSalesChannelsRes
}

export const salesChannelsRoutes: SalesChannelsRoutes = {
  'GET /admin/publishable-api-keys': AdminPublishableApiKeysListRes,
  'POST /admin/publishable-api-keys': AdminPublishableApiKeysRes,
  'DELETE /admin/publishable-api-keys/:id': DeleteResponse,
  'GET /admin/publishable-api-keys/:id': AdminPublishableApiKeysRes,
  'POST /admin/publishable-api-keys/:id': AdminPublishableApiKeysRes,
  'POST /admin/publishable-api-keys/:id/revoke': AdminPublishableApiKeysRes,
  'GET /admin/publishable-api-keys/:id/sales-channels': AdminPublishableApiKeysListSalesChannelsRes,
  'DELETE /admin/publishable-api-keys/:id/sales-channels/batch': AdminPublishableApiKeysRes,
  'POST /admin/publishable-api-keys/:id/sales-channels/batch': AdminPublishableApiKeysRes,
  'GET /admin/sales-channels': AdminSalesChannelsListRes,
  'POST /admin/sales-channels': AdminSalesChannelsRes,
  'DELETE /admin/sales-channels/:id': DeleteResponse,
  'GET /admin/sales-channels/:id': AdminSalesChannelsRes,
  'POST /admin/sales-channels/:id': AdminSalesChannelsRes,
  'DELETE /admin/sales-channels/:id/products/batch': AdminSalesChannelsRes,
  'POST /admin/sales-channels/:id/products/batch': AdminSalesChannelsRes,
}
