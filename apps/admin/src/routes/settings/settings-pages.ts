import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import type { ExtensionRegistry } from '../../extensions/registry'
import { isFeatureEnabled, type StoreCapabilities } from '../areas/store-capabilities'

/**
 * A core settings page: a card on the settings overview and routes under /a/settings{path}.
 * A page without `routes` has no screen yet and shows no card.
 */
export interface CoreSettingsPage {
  key: string
  path: string
  /** Keys in the `settings` namespace (or `ns:key`). */
  labelKey: string
  descriptionKey: string
  routes?: readonly RouteObject[]
  /** A core area this card opens instead of a page of its own (sales channels, API keys). */
  link?: string
  /** The feature flag (GET /admin/store `feature_flags`) without which the card is hidden. */
  requiresFeature?: string
}

const page = (load: () => Promise<{ Component: ComponentType }>): RouteObject[] => [{ index: true, lazy: load }]

/** Overview order. Settings screens plug in by giving their page `routes`. */
export const CORE_SETTINGS_PAGES: readonly CoreSettingsPage[] = [
  {
    key: 'details',
    path: '/details',
    labelKey: 'settings:cards.details.label',
    descriptionKey: 'settings:cards.details.description',
    routes: page(() => import('./store-details/store-details').then((module) => ({ Component: module.StoreDetails }))),
  },
  {
    key: 'currencies',
    path: '/currencies',
    labelKey: 'settings:cards.currencies.label',
    descriptionKey: 'settings:cards.currencies.description',
    routes: page(() => import('./currencies/currencies').then((module) => ({ Component: module.Currencies }))),
  },
  {
    key: 'regions',
    path: '/regions',
    labelKey: 'settings:cards.regions.label',
    descriptionKey: 'settings:cards.regions.description',
    routes: page(() => import('./regions/regions').then((module) => ({ Component: module.Regions }))),
  },
  {
    key: 'taxes',
    path: '/taxes',
    labelKey: 'settings:cards.taxes.label',
    descriptionKey: 'settings:cards.taxes.description',
    routes: page(() => import('./taxes/tax-rates').then((module) => ({ Component: module.TaxRates }))),
  },
  {
    key: 'shipping',
    path: '/shipping',
    labelKey: 'shipping:card.label',
    descriptionKey: 'shipping:card.description',
    routes: page(() => import('./shipping/shipping').then((module) => ({ Component: module.Shipping }))),
  },
  {
    key: 'return-reasons',
    path: '/return-reasons',
    labelKey: 'settings:cards.returnReasons.label',
    descriptionKey: 'settings:cards.returnReasons.description',
    routes: page(() =>
      import('./return-reasons/return-reasons').then((module) => ({ Component: module.ReturnReasons })),
    ),
  },
  {
    key: 'team',
    path: '/team',
    labelKey: 'settings:cards.team.label',
    descriptionKey: 'settings:cards.team.description',
    routes: page(() => import('./team/team').then((module) => ({ Component: module.Team }))),
  },
  {
    key: 'personal-information',
    path: '/personal-information',
    labelKey: 'settings:cards.personalInformation.label',
    descriptionKey: 'settings:cards.personalInformation.description',
    routes: page(() =>
      import('./personal-information/personal-information').then((module) => ({
        Component: module.PersonalInformation,
      })),
    ),
  },
  {
    key: 'sales-channels',
    path: '/sales-channels',
    labelKey: 'settings:cards.salesChannels.label',
    descriptionKey: 'settings:cards.salesChannels.description',
    link: '/sales-channels',
    requiresFeature: 'sales_channels',
  },
  {
    key: 'publishable-api-keys',
    path: '/publishable-api-keys',
    labelKey: 'settings:cards.apiKeys.label',
    descriptionKey: 'settings:cards.apiKeys.description',
    link: '/publishable-api-keys',
    requiresFeature: 'publishable_api_keys',
  },
]

/** Whether the settings area has anything to show: a core page with a screen or an extension setting. */
export function hasSettings(extensions: ExtensionRegistry): boolean {
  return CORE_SETTINGS_PAGES.some((page) => page.routes || page.link) || extensions.settingsEntries().length > 0
}

/** The cards the settings overview shows for this store: pages with a screen whose flag is on. */
export function visibleSettingsPages(
  store: StoreCapabilities | undefined,
  pages: readonly CoreSettingsPage[] = CORE_SETTINGS_PAGES,
): readonly CoreSettingsPage[] {
  return pages.filter(
    (page) => (page.routes || page.link) && (!page.requiresFeature || isFeatureEnabled(store, page.requiresFeature)),
  )
}
