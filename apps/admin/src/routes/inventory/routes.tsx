import type { RouteObject } from 'react-router'

/** /a/inventory: items with stock per location, stock locations, reservations. */
export const inventoryRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./items/inventory-items').then((module) => ({ Component: module.InventoryItems })),
  },
  {
    path: 'locations',
    lazy: () => import('./locations/stock-locations').then((module) => ({ Component: module.StockLocations })),
  },
  {
    path: 'reservations',
    lazy: () => import('./reservations/reservations').then((module) => ({ Component: module.Reservations })),
  },
]
