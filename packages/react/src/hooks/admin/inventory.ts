import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import { detailQuery, idMutation, type Arg } from '../factory.js'
import { adminInventoryItemKeys, adminReservationsKeys, adminStockLocationsKeys, adminVariantKeys } from './keys.js'

type InventoryItems = EmporiumClient['admin']['inventoryItems']

const inventoryItems = crudHooks(adminInventoryItemKeys, (c) => c.admin.inventoryItems)
const itemAndVariants = (id: string) => [
  adminInventoryItemKeys.lists(),
  adminInventoryItemKeys.detail(id),
  adminVariantKeys.all,
]
/** @example const { inventory_items } = useAdminInventoryItems({ location_id }) */
export const useAdminInventoryItems = inventoryItems.useList
/** @example const { inventory_item } = useAdminInventoryItem(id) */
export const useAdminInventoryItem = inventoryItems.useRetrieve
/** @example useAdminCreateInventoryItem().mutate({ variant_id, sku: 'SKU-1' }) */
export const useAdminCreateInventoryItem = inventoryItems.useCreate
/** @example useAdminUpdateInventoryItem(id).mutate({ sku: 'SKU-2' }) */
export const useAdminUpdateInventoryItem = inventoryItems.useUpdate
/** @example useAdminDeleteInventoryItem(id).mutate() */
export const useAdminDeleteInventoryItem = inventoryItems.useDelete
/** @example const { inventory_item } = useAdminInventoryItemLocationLevels(id) */
export const useAdminInventoryItemLocationLevels = detailQuery(
  adminInventoryItemKeys,
  (c, id, q?: Arg<InventoryItems['listLocationLevels'], 1>) => c.admin.inventoryItems.listLocationLevels(id, q),
  'location_levels',
)
/** @example useAdminCreateLocationLevel(id).mutate({ location_id, stocked_quantity: 10 }) */
export const useAdminCreateLocationLevel = idMutation(
  (c, id, payload: Arg<InventoryItems['createLocationLevel'], 1>) =>
    c.admin.inventoryItems.createLocationLevel(id, payload),
  itemAndVariants,
)
/** @example useAdminUpdateLocationLevel(id).mutate({ stockLocationId, stocked_quantity: 5, incoming_quantity: 2 }) */
export const useAdminUpdateLocationLevel = idMutation(
  (
    c,
    id,
    { stockLocationId, ...payload }: { stockLocationId: string } & Arg<InventoryItems['updateLocationLevel'], 2>,
  ) => c.admin.inventoryItems.updateLocationLevel(id, stockLocationId, payload),
  itemAndVariants,
)
/** @example useAdminDeleteLocationLevel(id).mutate(stockLocationId) */
export const useAdminDeleteLocationLevel = idMutation(
  (c, id, stockLocationId: string) => c.admin.inventoryItems.deleteLocationLevel(id, stockLocationId),
  itemAndVariants,
)

const reservations = crudHooks(adminReservationsKeys, (c) => c.admin.reservations)
/** @example const { reservations } = useAdminReservations({ location_id }) */
export const useAdminReservations = reservations.useList
/** @example const { reservation } = useAdminReservation(id) */
export const useAdminReservation = reservations.useRetrieve
/** @example useAdminCreateReservation().mutate({ line_item_id, location_id, inventory_item_id, quantity: 1 }) */
export const useAdminCreateReservation = reservations.useCreate
/** @example useAdminUpdateReservation(id).mutate({ quantity: 2 }) */
export const useAdminUpdateReservation = reservations.useUpdate
/** @example useAdminDeleteReservation(id).mutate() */
export const useAdminDeleteReservation = reservations.useDelete

const stockLocations = crudHooks(adminStockLocationsKeys, (c) => c.admin.stockLocations)
/** @example const { stock_locations } = useAdminStockLocations() */
export const useAdminStockLocations = stockLocations.useList
/** @example const { stock_location } = useAdminStockLocation(id) */
export const useAdminStockLocation = stockLocations.useRetrieve
/** @example useAdminCreateStockLocation().mutate({ name: 'Warehouse' }) */
export const useAdminCreateStockLocation = stockLocations.useCreate
/** @example useAdminUpdateStockLocation(id).mutate({ name: 'Main warehouse' }) */
export const useAdminUpdateStockLocation = stockLocations.useUpdate
/** @example useAdminDeleteStockLocation(id).mutate() */
export const useAdminDeleteStockLocation = stockLocations.useDelete
