import { describe, expect, it } from 'vitest'
import { ExtensionRegistry } from './registry'
import { RESERVED_CORE_PATHS } from './reserved-paths'
import type { ExtensionEntry, RouteExtension } from './types'

const Page = () => null
const Icon = () => null

function route(path: string, extra: Partial<RouteExtension> = {}): RouteExtension {
  return { type: 'route', path, Component: Page, ...extra }
}

function entry(identifier: string, extensions: ExtensionEntry['extensions']): ExtensionEntry {
  return { identifier, extensions }
}

describe('ExtensionRegistry', () => {
  it('exposes top-level routes, nested routes per path and navigation links', () => {
    const registry = new ExtensionRegistry().register(
      entry('reviews', [
        route('/reviews', { link: { label: 'Reviews', icon: Icon } }),
        route('/stats', { nested: '/products', link: { label: 'Product stats' } }),
        route('/export', { nested: '/orders' }),
      ]),
    )
    expect(registry.topLevelRoutes().map((r) => r.path)).toEqual(['/reviews'])
    expect(registry.nestedRoutes('/products').map((r) => r.path)).toEqual(['/stats'])
    expect(registry.nestedRoutes('/orders/').map((r) => r.path)).toEqual(['/export'])
    expect(registry.nestedRoutes('/customers')).toEqual([])
    expect(registry.navigationLinks()).toEqual([
      { path: '/reviews', label: 'Reviews', icon: Icon },
      { path: '/products/stats', label: 'Product stats', icon: undefined },
    ])
  })

  it('exposes settings entries and cards', () => {
    const registry = new ExtensionRegistry().register(
      entry('shipping-rules', [
        {
          type: 'setting',
          path: '/shipping-rules',
          card: { label: 'Shipping rules', description: 'Rules per zone', icon: Icon },
          Component: Page,
        },
      ]),
    )
    expect(registry.settingsEntries()).toHaveLength(1)
    expect(registry.settingsCards()).toEqual([
      { path: '/settings/shipping-rules', label: 'Shipping rules', description: 'Rules per zone', icon: Icon },
    ])
  })

  it('places a widget in one zone or in each of a list of zones', () => {
    const One = () => null
    const Many = () => null
    const registry = new ExtensionRegistry().register(
      entry('widgets', [
        { type: 'widget', zone: 'product.details.after', Component: One },
        { type: 'widget', zone: ['product.details.after', 'order.details.before'], Component: Many },
      ]),
    )
    expect(registry.widgets('product.details.after').map((w) => w.Component)).toEqual([One, Many])
    expect(registry.widgets('order.details.before').map((w) => w.Component)).toEqual([Many])
    expect(registry.widgets('login.before')).toEqual([])
  })

  it.each(RESERVED_CORE_PATHS.map((pattern) => [pattern.replace(/\{[^}]+\}/, 'abc123'), pattern]))(
    'rejects %s as a top-level route (reserved %s)',
    (path, pattern) => {
      expect(() => new ExtensionRegistry().register(entry('bad', [route(path)]))).toThrow(
        `Extension "bad": route "${path}" takes over the reserved core path "${pattern}"`,
      )
    },
  )

  it('rejects a route parameter in place of a reserved id segment', () => {
    expect(() => new ExtensionRegistry().register(entry('bad', [route('/orders/:id')]))).toThrow(
      'Extension "bad": route "/orders/:id" takes over the reserved core path "/orders/{id}"',
    )
  })

  it.each(['/settings', '/settings/taxes', '/settings/anything/deeper'])('rejects %s as a top-level route', (path) => {
    expect(() => new ExtensionRegistry().register(entry('bad', [route(path)]))).toThrow(
      `Extension "bad": route "${path}" is under /settings, which is reserved; register a setting extension instead`,
    )
  })

  it('accepts paths that only share a prefix with a core path', () => {
    const registry = new ExtensionRegistry().register(
      entry('ok', [route('/products-feed'), route('/orders/abc/notes'), route('/settingsx')]),
    )
    expect(registry.topLevelRoutes()).toHaveLength(3)
  })

  it('rejects nesting under something that is not a core area', () => {
    expect(() => new ExtensionRegistry().register(entry('bad', [route('/x', { nested: '/settings' })]))).toThrow(
      /nested route "\/x" names "\/settings", which is not a core area/,
    )
  })

  it('rejects duplicates and registers nothing from a failing entry', () => {
    const registry = new ExtensionRegistry().register(entry('first', [route('/reviews')]))
    expect(() => registry.register(entry('first', []))).toThrow('Extension "first": is already registered')
    expect(() =>
      registry.register(entry('second', [{ type: 'widget', zone: 'login.after', Component: Page }, route('/reviews')])),
    ).toThrow('Extension "second": route "/reviews" is already registered')
    expect(registry.widgets('login.after')).toEqual([])
    registry.register(entry('second', [route('/other')]))
    expect(registry.topLevelRoutes().map((r) => r.path)).toEqual(['/reviews', '/other'])
  })

  it('rejects unknown zones, empty zone lists and malformed paths', () => {
    const registry = new ExtensionRegistry()
    expect(() =>
      registry.register(entry('w', [{ type: 'widget', zone: 'nowhere' as 'login.after', Component: Page }])),
    ).toThrow('widget zone "nowhere" does not exist')
    expect(() => registry.register(entry('w', [{ type: 'widget', zone: [], Component: Page }]))).toThrow(
      'a widget needs at least one zone',
    )
    expect(() => registry.register(entry('p', [route('reviews')]))).toThrow('must start with "/"')
    expect(() => registry.register(entry('p', [route('/')]))).toThrow('must start with "/"')
  })
})
