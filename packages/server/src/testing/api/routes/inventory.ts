import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminInventoryItemsListRes,
  AdminLocationLevelsRes,
  AdminReservationsListRes,
  AdminStockLocationsListRes,
  AdminStockLocationsRes,
  AdminVariantInventoryRes,
} from '../../../modules/inventory/contract.js'
import { AdminSalesChannelsRes } from '../../../modules/sales-channels/contract.js'
import type { RouteTable } from '../client.js'

export const inventoryRoutes = {
  'GET /admin/inventory-items': AdminInventoryItemsListRes,
  'POST /admin/inventory-items': AdminStockLocationsRes,
  'DELETE /admin/inventory-items/:id': DeleteResponse,
  'GET /admin/inventory-items/:id': AdminStockLocationsRes,
  'POST /admin/inventory-items/:id': AdminStockLocationsRes,
  'GET /admin/inventory-items/:id/location-levels': AdminLocationLevelsRes,
  'POST /admin/inventory-items/:id/location-levels': AdminStockLocationsRes,
  'DELETE /admin/inventory-items/:id/location-levels/:location_id': AdminStockLocationsRes,
  'POST /admin/inventory-items/:id/location-levels/:location_id': AdminStockLocationsRes,
  'GET /admin/reservations': AdminReservationsListRes,
  'POST /admin/reservations': AdminStockLocationsRes,
  'DELETE /admin/reservations/:id': DeleteResponse,
  'GET /admin/reservations/:id': AdminStockLocationsRes,
  'POST /admin/reservations/:id': AdminStockLocationsRes,
  'DELETE /admin/sales-channels/:id/stock-locations': DeleteResponse,
  'POST /admin/sales-channels/:id/stock-locations': AdminSalesChannelsRes,
  'GET /admin/stock-locations': AdminStockLocationsListRes,
  'POST /admin/stock-locations': AdminStockLocationsRes,
  'DELETE /admin/stock-locations/:id': DeleteResponse,
  'GET /admin/stock-locations/:id': AdminStockLocationsRes,
  'POST /admin/stock-locations/:id': AdminStockLocationsRes,
  'GET /admin/variants/:id/inventory': AdminVariantInventoryRes,
} as const satisfies RouteTable
