import type { RouteObject } from 'react-router'
import { collectionRoutes } from '../collections/routes'
import { customerRoutes } from '../customers/routes'
import { draftOrderRoutes } from '../draft-orders/routes'
import { inventoryRoutes } from '../inventory/routes'
import { orderRoutes } from '../orders/routes'
import { productCategoryRoutes } from '../product-categories/routes'
import { productRoutes } from '../products/routes'
import { publishableApiKeyRoutes } from '../publishable-api-keys/routes'
import { salesChannelRoutes } from '../sales-channels/routes'
import { isFeatureEnabled, isModuleRegistered, type StoreCapabilities } from './store-capabilities'

/**
 * A core area of the admin: a sidebar entry and the routes under /a{path}. An area without `routes`
 * has no screen yet and shows nothing. `requires` hides it unless the store has the feature flag on
 * (or, for modules, the module registered).
 */
export interface CoreArea {
  key: string
  path: string
  /** Key in the `layout` namespace. */
  labelKey: string
  requires?: { feature?: string; module?: string }
  /**
   * Route objects relative to the area's path (the index route is the area's main page); give
   * each a `lazy` import so its code loads on first visit.
   */
  routes?: readonly RouteObject[]
}

/** Sidebar order. Screens plug in by giving their area `routes`. */
export const CORE_AREAS: readonly CoreArea[] = [
  { key: 'orders', path: '/orders', labelKey: 'areas.orders', routes: orderRoutes },
  { key: 'draft-orders', path: '/draft-orders', labelKey: 'areas.draftOrders', routes: draftOrderRoutes },
  { key: 'products', path: '/products', labelKey: 'areas.products', routes: productRoutes },
  {
    key: 'product-categories',
    path: '/product-categories',
    labelKey: 'areas.categories',
    requires: { feature: 'product_categories' },
    routes: productCategoryRoutes,
  },
  { key: 'collections', path: '/collections', labelKey: 'areas.collections', routes: collectionRoutes },
  { key: 'customers', path: '/customers', labelKey: 'areas.customers', routes: customerRoutes },
  {
    key: 'inventory',
    path: '/inventory',
    labelKey: 'areas.inventory',
    requires: { feature: 'inventoryService', module: 'inventoryService' },
    routes: inventoryRoutes,
  },
  { key: 'discounts', path: '/discounts', labelKey: 'areas.discounts' },
  { key: 'gift-cards', path: '/gift-cards', labelKey: 'areas.giftCards' },
  { key: 'pricing', path: '/pricing', labelKey: 'areas.pricing' },
  {
    key: 'sales-channels',
    path: '/sales-channels',
    labelKey: 'areas.salesChannels',
    requires: { feature: 'sales_channels' },
    routes: salesChannelRoutes,
  },
  {
    key: 'publishable-api-keys',
    path: '/publishable-api-keys',
    labelKey: 'areas.publishableApiKeys',
    requires: { feature: 'publishable_api_keys' },
    routes: publishableApiKeyRoutes,
  },
]

/** Settings come last; they show once a core settings page or an extension setting exists. */
export const SETTINGS_AREA: CoreArea = { key: 'settings', path: '/settings', labelKey: 'areas.settings' }

/** Areas the sidebar shows for this store: those with a screen whose requirements are met. */
export function visibleAreas(
  store: StoreCapabilities | undefined,
  areas: readonly CoreArea[] = CORE_AREAS,
): readonly CoreArea[] {
  return areas.filter((area) => {
    if (!area.routes) return false
    const { feature, module } = area.requires ?? {}
    if (feature && !isFeatureEnabled(store, feature)) return false
    if (module && !isModuleRegistered(store, module)) return false
    return true
  })
}
