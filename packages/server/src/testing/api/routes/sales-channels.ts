import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminPublishableApiKeysListRes,
  AdminPublishableApiKeysListSalesChannelsRes,
  AdminPublishableApiKeysRes,
  AdminSalesChannelsListRes,
  AdminSalesChannelsRes,
} from '../../../modules/sales-channels/contract.js'
import type { RouteTable } from '../client.js'

export const salesChannelsRoutes = {
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
} as const satisfies RouteTable
