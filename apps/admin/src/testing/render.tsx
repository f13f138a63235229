import { render, type RenderOptions } from '@testing-library/react'
import type { ReactElement } from 'react'
import { Toaster } from '../components/toasts/toaster'

/** Renders with the toast layer mounted, as the app does. */
export function renderWithToaster(ui: ReactElement, options?: RenderOptions) {
  return render(
    <>
      {ui}
      <Toaster />
    </>,
    options,
  )
}
