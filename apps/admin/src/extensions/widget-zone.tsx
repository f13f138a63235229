import { Component, type ReactNode } from 'react'
import { notify } from '../components/toasts/notify'
import { useExtensions } from './extensions-context'
import type { WidgetZone as Zone } from './types'

/** A failing widget hides itself instead of taking the core screen down with it. */
class WidgetBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/** Renders every widget registered for `zone`, in registration order. */
export function WidgetZone({ zone }: { zone: Zone }) {
  const widgets = useExtensions().widgets(zone)
  if (widgets.length === 0) return null
  return (
    <>
      {widgets.map(({ Component: Widget }, index) => (
        <WidgetBoundary key={index}>
          <Widget notify={notify} />
        </WidgetBoundary>
      ))}
    </>
  )
}
