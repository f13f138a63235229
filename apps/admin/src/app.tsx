import { EmporiumProvider } from '@emporium/react'
import type { i18n as I18n } from 'i18next'
import { useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { Toaster } from './components/toasts/toaster'
import { ExtensionsProvider } from './extensions/extensions-context'
import type { ExtensionRegistry } from './extensions/registry'
import { appRoutes } from './routes/router'

/** The admin is served at /app by the server (and by Vite in development). */
export const BASENAME = '/app'

interface AppProps {
  i18n: I18n
  extensions: ExtensionRegistry
  /** The API's origin; the admin is served by the API server, so by default its own origin. */
  apiUrl?: string
}

export function App({ i18n, extensions, apiUrl = window.location.origin }: AppProps) {
  const [router] = useState(() => createBrowserRouter(appRoutes(extensions), { basename: BASENAME }))
  return (
    <I18nextProvider i18n={i18n}>
      <EmporiumProvider baseUrl={apiUrl}>
        <ExtensionsProvider registry={extensions}>
          <RouterProvider router={router} />
          <Toaster />
        </ExtensionsProvider>
      </EmporiumProvider>
    </I18nextProvider>
  )
}
