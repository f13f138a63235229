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

/** The schemas by name, so that declarations stay small. */
export type InventoryRoutes = {
  'GET /admin/inventory-items': typeof AdminInventoryItemsListRes
  'POST /admin/inventory-items': typeof AdminStockLocationsRes
  'DELETE /admin/inventory-items/:id': typeof DeleteResponse
  'GET /admin/inventory-items/:id': typeof AdminStockLocationsRes
  'POST /admin/inventory-items/:id': typeof AdminStockLocationsRes
  'GET /admin/inventory-items/:id/location-levels': typeof AdminLocationLevelsRes
  'POST /admin/inventory-items/:id/location-levels': typeof AdminStockLocationsRes
  'DELETE /admin/inventory-items/:id/location-levels/:location_id': typeof AdminStockLocationsRes
  'POST /admin/inventory-items/:id/location-levels/:location_id': typeof AdminStockLocationsRes
  'GET /admin/reservations': typeof AdminReservationsListRes
  'POST /admin/reservations': typeof AdminStockLocationsRes
  'DELETE /admin/reservations/:id': typeof DeleteResponse
  'GET /admin/reservations/:id': typeof AdminStockLocationsRes
  'POST /admin/reservations/:id': typeof AdminStockLocationsRes
  'DELETE /admin/sales-channels/:id/stock-locations': typeof DeleteResponse
  'POST /admin/sales-channels/:id/stock-locations': typeof AdminSalesChannelsRes
  'GET /admin/stock-locations': typeof AdminStockLocationsListRes
  'POST /admin/stock-locations': typeof AdminStockLocationsRes
  'DELETE /admin/stock-locations/:id': typeof DeleteResponse
  'GET /admin/stock-locations/:id': typeof AdminStockLocationsRes
  'POST /admin/stock-locations/:id': typeof AdminStockLocationsRes
  'GET /admin/variants/:id/inventory': typeof AdminVariantInventoryRes
}

export const inventoryRoutes: InventoryRoutes = {
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
}
