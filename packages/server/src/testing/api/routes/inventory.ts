import { DeleteResponse } from '../../../core/schemas.js'
import {
  AdminInventoryItemsListRes,
  AdminInventoryItemsRes,
  AdminLocationLevelsRes,
  AdminReservationsListRes,
  AdminReservationsRes,
  AdminStockLocationsListRes,
  AdminStockLocationsRes,
  AdminVariantInventoryRes,
} from '../../../modules/inventory/contract.js'
import { AdminSalesChannelsRes } from '../../../modules/sales-channels/contract.js'

/** The schemas by name, so that declarations stay small. */
export type InventoryRoutes = {
  'GET /admin/inventory-items': typeof AdminInventoryItemsListRes
  'POST /admin/inventory-items': typeof AdminInventoryItemsRes
  'DELETE /admin/inventory-items/:id': typeof DeleteResponse
  'GET /admin/inventory-items/:id': typeof AdminInventoryItemsRes
  'POST /admin/inventory-items/:id': typeof AdminInventoryItemsRes
  'GET /admin/inventory-items/:id/location-levels': typeof AdminLocationLevelsRes
  'POST /admin/inventory-items/:id/location-levels': typeof AdminInventoryItemsRes
  'DELETE /admin/inventory-items/:id/location-levels/:location_id': typeof AdminInventoryItemsRes
  'POST /admin/inventory-items/:id/location-levels/:location_id': typeof AdminInventoryItemsRes
  'GET /admin/reservations': typeof AdminReservationsListRes
  'POST /admin/reservations': typeof AdminReservationsRes
  'DELETE /admin/reservations/:id': typeof DeleteResponse
  'GET /admin/reservations/:id': typeof AdminReservationsRes
  'POST /admin/reservations/:id': typeof AdminReservationsRes
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
  'POST /admin/inventory-items': AdminInventoryItemsRes,
  'DELETE /admin/inventory-items/:id': DeleteResponse,
  'GET /admin/inventory-items/:id': AdminInventoryItemsRes,
  'POST /admin/inventory-items/:id': AdminInventoryItemsRes,
  'GET /admin/inventory-items/:id/location-levels': AdminLocationLevelsRes,
  'POST /admin/inventory-items/:id/location-levels': AdminInventoryItemsRes,
  'DELETE /admin/inventory-items/:id/location-levels/:location_id': AdminInventoryItemsRes,
  'POST /admin/inventory-items/:id/location-levels/:location_id': AdminInventoryItemsRes,
  'GET /admin/reservations': AdminReservationsListRes,
  'POST /admin/reservations': AdminReservationsRes,
  'DELETE /admin/reservations/:id': DeleteResponse,
  'GET /admin/reservations/:id': AdminReservationsRes,
  'POST /admin/reservations/:id': AdminReservationsRes,
  'DELETE /admin/sales-channels/:id/stock-locations': DeleteResponse,
  'POST /admin/sales-channels/:id/stock-locations': AdminSalesChannelsRes,
  'GET /admin/stock-locations': AdminStockLocationsListRes,
  'POST /admin/stock-locations': AdminStockLocationsRes,
  'DELETE /admin/stock-locations/:id': DeleteResponse,
  'GET /admin/stock-locations/:id': AdminStockLocationsRes,
  'POST /admin/stock-locations/:id': AdminStockLocationsRes,
  'GET /admin/variants/:id/inventory': AdminVariantInventoryRes,
}
