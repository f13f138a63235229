import { describe, expect, it } from 'vitest'
import { visibleAreas, type CoreArea } from './areas'

const screen = [{ path: '', element: null }]
const areas: CoreArea[] = [
  { key: 'products', path: '/products', labelKey: 'areas.products', routes: screen },
  { key: 'orders', path: '/orders', labelKey: 'areas.orders' },
  {
    key: 'product-categories',
    path: '/product-categories',
    labelKey: 'areas.categories',
    requires: { feature: 'product_categories' },
    routes: screen,
  },
  {
    key: 'inventory',
    path: '/inventory',
    labelKey: 'areas.inventory',
    requires: { feature: 'inventoryService', module: 'inventoryService' },
    routes: screen,
  },
]

const keys = (list: readonly CoreArea[]) => list.map((area) => area.key)

describe('visibleAreas', () => {
  it('shows areas with a screen and hides those whose issue has not landed', () => {
    expect(keys(visibleAreas({ feature_flags: [], modules: [] }, areas))).toEqual(['products'])
  })

  it('shows flagged areas only with the flag on', () => {
    const store = { feature_flags: [{ key: 'product_categories', value: true }], modules: [] }
    expect(keys(visibleAreas(store, areas))).toEqual(['products', 'product-categories'])
    const off = { feature_flags: [{ key: 'product_categories', value: false }], modules: [] }
    expect(keys(visibleAreas(off, areas))).toEqual(['products'])
  })

  it('needs both the flag and the registered module for inventory', () => {
    const flagOnly = { feature_flags: [{ key: 'inventoryService', value: true }], modules: [] }
    expect(keys(visibleAreas(flagOnly, areas))).toEqual(['products'])
    const both = { ...flagOnly, modules: [{ module: 'inventoryService' }] }
    expect(keys(visibleAreas(both, areas))).toEqual(['products', 'inventory'])
  })

  it('shows no flagged area before the store has loaded', () => {
    expect(keys(visibleAreas(undefined, areas))).toEqual(['products'])
  })
})
