import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ExtensionsProvider } from '../src/extensions/extensions-context'
import { buildExtensionRegistry } from '../src/extensions/installed'
import { WidgetZone } from '../src/extensions/widget-zone'
import { productReviews } from './product-reviews'

describe('the example extension', () => {
  it('registers a route, a nested route, a setting and a widget in two zones', () => {
    const registry = buildExtensionRegistry([productReviews])
    expect(registry.topLevelRoutes().map((route) => route.path)).toEqual(['/reviews'])
    expect(registry.nestedRoutes('/products').map((route) => route.path)).toEqual(['/review-stats'])
    expect(registry.navigationLinks().map((link) => link.path)).toEqual(['/reviews', '/products/review-stats'])
    expect(registry.settingsCards().map((card) => card.path)).toEqual(['/settings/reviews'])
    expect(registry.widgets('product.list.before')).toHaveLength(1)
    expect(registry.widgets('product.details.after')).toHaveLength(1)
  })

  it('renders its widget in a zone', () => {
    render(
      <ExtensionsProvider registry={buildExtensionRegistry([productReviews])}>
        <WidgetZone zone="product.details.after" />
        <WidgetZone zone="order.details.after" />
      </ExtensionsProvider>,
    )
    expect(screen.getAllByText('4.6 ★ average rating')).toHaveLength(1)
  })
})
