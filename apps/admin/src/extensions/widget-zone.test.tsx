import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ExtensionsProvider } from './extensions-context'
import { ExtensionRegistry } from './registry'
import { WidgetZone } from './widget-zone'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('WidgetZone', () => {
  it("renders the zone's widgets and hides one that fails, keeping the others", () => {
    // React reports the caught render error on the console; the test is about what stays on screen.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Broken = () => {
      throw new Error('widget bug')
    }
    const registry = new ExtensionRegistry().register({
      identifier: 'widgets',
      extensions: [
        { type: 'widget', zone: 'order.details.after', Component: Broken },
        { type: 'widget', zone: 'order.details.after', Component: () => <p>Loyalty points</p> },
      ],
    })
    render(
      <ExtensionsProvider registry={registry}>
        <p>Order details</p>
        <WidgetZone zone="order.details.after" />
      </ExtensionsProvider>,
    )
    expect(screen.getByText('Order details')).toBeInTheDocument()
    expect(screen.getByText('Loyalty points')).toBeInTheDocument()
  })

  it('needs the extensions provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<WidgetZone zone="login.before" />)).toThrow(
      'useExtensions must be used within an ExtensionsProvider',
    )
  })
})
