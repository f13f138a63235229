import { collectionKeys, createQueryClient, EmporiumClient, productKeys, regionKeys } from '@emporium/react'
import { dehydrate } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router'
import { initServerI18n, serverLanguage } from './i18n/i18n'
import { catalogueQuery, readCatalogueState } from './lib/catalogue-query'
import { countryOfLanguage, type Region } from './lib/region'
import { ShopProviders } from './providers'
import { routes } from './routes'

export interface RenderInput {
  /** The page asked for: path and query. */
  url: string
  /** Where this render reaches the API (the server itself). */
  apiUrl: string
  publishableApiKey?: string
  acceptLanguage?: string
  /** The server's flags that change the shop, comma-separated (as in index.html). */
  features?: string
}

export interface Rendered {
  /** The page's markup, for inside `<div id="root">`. */
  html: string
  /** Tags for `<head>`: title, description and Open Graph. */
  head: string
  /** The API answers the page was rendered from, for the client's cache. */
  state: string
  status: number
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** JSON that cannot close the <script> it sits in. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

function headTags(meta: { title: string; description: string; image?: string | null }, shopName: string): string {
  return [
    `<title>${escapeHtml(`${meta.title} · ${shopName}`)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(shopName)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : '',
  ].join('')
}

/** The region a first visit gets: the browser's country's, else the first, as RegionProvider picks. */
function defaultRegion(regions: Region[], country: string | undefined): Region | undefined {
  return regions.find((region) => region.countries?.some((c) => c.iso_2 === country)) ?? regions[0]
}

/**
 * Renders the catalogue and product pages on the server, so their content is in the HTML before
 * any script runs (and for search engines). Other pages answer `null`: the browser renders them.
 * The data is fetched with the same client calls and cached under the same keys as the hooks use.
 */
export async function render(input: RenderInput): Promise<Rendered | null> {
  const url = new URL(input.url, 'http://shop.invalid')
  const productMatch = matchPath('/products/:handle', url.pathname)
  const isCatalogue = url.pathname === '/products'
  if (!productMatch && !isCatalogue) return null

  const client = new EmporiumClient({ baseUrl: input.apiUrl, publishableApiKey: input.publishableApiKey })
  const queryClient = createQueryClient()
  const language = serverLanguage(url.searchParams.get('lng'), input.acceptLanguage)
  const i18n = await initServerI18n(language)
  const country = countryOfLanguage(input.acceptLanguage)

  const regionsAnswer = await client.store.regions.list()
  queryClient.setQueryData(regionKeys.list(undefined), regionsAnswer)
  const regions = regionsAnswer.regions.filter((r): r is Region => typeof r.currency_code === 'string')
  const region = defaultRegion(regions, country)
  const shopName = i18n.t('shop.name')
  let meta = {
    title: i18n.t('catalogue.title'),
    description: i18n.t('catalogue.description'),
    image: null as string | null,
  }
  let status = 200

  if (isCatalogue) {
    const query = catalogueQuery(readCatalogueState(url.searchParams), region?.id)
    const collectionsQuery = { limit: 100 }
    const [products, collections] = await Promise.all([
      client.store.products.list(query),
      client.store.collections.list(collectionsQuery),
    ])
    queryClient.setQueryData(productKeys.list(query), products)
    queryClient.setQueryData(collectionKeys.list(collectionsQuery), collections)
  } else {
    const query = { handle: productMatch!.params.handle, region_id: region?.id, limit: 1 }
    const answer = await client.store.products.list(query)
    queryClient.setQueryData(productKeys.list(query), answer)
    const product = answer.products[0]
    if (product) {
      meta = {
        title: product.title ?? '',
        description: product.subtitle || product.description || product.title || '',
        image: product.thumbnail ?? null,
      }
    } else {
      status = 404
      meta = { title: i18n.t('product.notFound'), description: i18n.t('product.notFound'), image: null }
    }
  }

  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(url))
  if (context instanceof Response) return null
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = renderToString(
    <ShopProviders
      i18n={i18n}
      client={client}
      queryClient={queryClient}
      browserCountry={country}
      features={(input.features ?? '').split(',').filter(Boolean)}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </ShopProviders>,
  )
  return { html, head: headTags(meta, shopName), state: scriptJson(dehydrate(queryClient)), status }
}
