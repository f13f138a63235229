import { createQueryClient, EmporiumClient } from '@emporium/react'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router'
import { initI18n } from './i18n/i18n'
import { storefrontConfig } from './lib/config'
import { countryOfLanguage } from './lib/region'
import { ShopProviders } from './providers'
import { routes } from './routes'
import './index.css'

/** The answers the server rendered the page with, so the first client render needs no request. */
function serverState(queryClient: ReturnType<typeof createQueryClient>): void {
  const script = document.getElementById('emporium-state')
  if (script?.textContent) hydrate(queryClient, JSON.parse(script.textContent))
}

/** The first page's chunk is loaded before rendering, so the server's HTML is replaced in one step. */
async function loadFirstRoute(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}

/**
 * Marks the page as answering input. Until the client's first render the page is the server's HTML,
 * whose buttons and selects do nothing yet; tests wait for this mark before they act.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true'
  }, [])
  return null
}

const config = storefrontConfig()
const queryClient = createQueryClient()
serverState(queryClient)
const client = new EmporiumClient({
  baseUrl: config.baseUrl,
  publishableApiKey: config.publishableApiKey,
  maxRetries: 3,
})
const [i18n] = await Promise.all([initI18n(), loadFirstRoute()])
const router = createBrowserRouter(routes)

// The server's HTML is shown until here; the client then renders the same page from the same data.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShopProviders
      i18n={i18n}
      client={client}
      queryClient={queryClient}
      browserCountry={countryOfLanguage(navigator.language)}
      features={config.features}
    >
      <RouterProvider router={router} />
      <MarkInteractive />
    </ShopProviders>
  </StrictMode>,
)
