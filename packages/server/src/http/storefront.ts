import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { publishedProductHandles } from '../modules/catalog/products/products.js'
import { oldestActivePublishableKey } from '../modules/sales-channels/publishable-keys.js'
import { contentSecurityPolicy, sendContentSecurityPolicy } from './content-security.js'
import { refuseLongSegment } from './error-handler.js'

/** apps/storefront/dist of the workspace; the same relative place from src/http and dist/http. */
export const DEFAULT_STOREFRONT_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../apps/storefront/dist',
)

/** Whether a built storefront is there to serve. */
export function storefrontIsBuilt(storefrontDir: string = DEFAULT_STOREFRONT_DIR): boolean {
  return existsSync(join(storefrontDir, 'index.html'))
}

/**
 * Paths the shop never answers: the API, the admin, files and docs keep their own routes, and an
 * unknown path under them stays the API's JSON 404.
 */
const SERVER_PREFIXES = [
  '/store',
  '/admin',
  '/app',
  '/uploads',
  '/docs',
  '/locales',
  '/health',
  '/ready',
  '/metrics',
  '/openapi.json',
  // A missing bundle is a 404, never a page: a stale tab must not run HTML as a script.
  '/assets',
]

function isServerPath(path: string): boolean {
  const lower = path.toLowerCase()
  return SERVER_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`))
}

/**
 * A page of the shop: plain segments of letters, digits, `-` and `_` under single slashes. Any other
 * spelling (`//`, `.`, `..`, `%`-escapes, `;`) is never a page, so a path that a router or proxy
 * might read as an API route keeps the API's answer, whatever the case of its first segment.
 */
const PAGE_PATH = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/

function isShopPage(url: string): boolean {
  const path = url.split('?')[0]
  return PAGE_PATH.test(path) && !isServerPath(path)
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const escapeXml = escapeAttribute

/** The key the shop calls the API with: the oldest publishable key not revoked (the demo seed's). */
async function storefrontKey(app: FastifyInstance): Promise<string> {
  return (await oldestActivePublishableKey(app.db)) ?? ''
}

/** The feature flags that change what the shop shows. */
function storefrontFeatures(app: FastifyInstance): string {
  return app.config.featureFlags.product_categories ? 'product_categories' : ''
}

const SITEMAP_LIMIT = 50_000

async function sitemap(app: FastifyInstance): Promise<string> {
  const base = app.config.publicUrl.replace(/\/$/, '')
  const handles = await publishedProductHandles(app.db, SITEMAP_LIMIT - 2)
  const paths = ['/', '/products', ...handles.map((handle) => `/products/${encodeURIComponent(handle)}`)]
  const urls = paths.map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

function robots(app: FastifyInstance): string {
  const base = app.config.publicUrl.replace(/\/$/, '')
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /account',
    'Disallow: /order/',
    'Disallow: /app/',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}

/** What the storefront's server entry (apps/storefront/src/entry-server.tsx) exports. */
interface ServerEntry {
  render(input: {
    url: string
    apiUrl: string
    publishableApiKey?: string
    acceptLanguage?: string
    features?: string
  }): Promise<{ html: string; head: string; state: string; status: number } | null>
}

async function loadServerEntry(storefrontDir: string): Promise<ServerEntry | undefined> {
  const entry = join(storefrontDir, 'server/entry-server.js')
  return existsSync(entry) ? ((await import(pathToFileURL(entry).href)) as ServerEntry) : undefined
}

/** Where this server answers itself: the server render calls the API like any client. */
function ownUrl(app: FastifyInstance): string | undefined {
  const address = app.server.address()
  if (!address || typeof address === 'string') return undefined
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
}

/** index.html with a server-rendered page in it: its markup, its head tags and its data. */
function withRenderedPage(html: string, page: { html: string; head: string; state: string }): string {
  return html
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${page.html}</div><script id="emporium-state" type="application/json">${page.state}</script>`,
    )
}

/**
 * Serves the built storefront at `/`: its hashed assets under /assets/, `/robots.txt`,
 * `/sitemap.xml`, and index.html for every other GET the server has no route for, with the
 * publishable key and the shop's feature flags written into its meta tags. The catalogue and
 * product pages come rendered (the storefront's server entry), when it is built and the server
 * listens. When the storefront is not built, nothing is registered.
 */
export async function storefrontRoutes(app: FastifyInstance, storefrontDir: string): Promise<void> {
  if (!storefrontIsBuilt(storefrontDir)) return
  const template = readFileSync(join(storefrontDir, 'index.html'), 'utf8')
  const serverEntry = await loadServerEntry(storefrontDir)

  await app.register(async (scope) => {
    // The shop calls the API on this origin only: no other origin to connect to.
    sendContentSecurityPolicy(scope, contentSecurityPolicy())
    await scope.register(fastifyStatic, {
      root: join(storefrontDir, 'assets'),
      prefix: '/assets/',
      // The build writes .br and .gz copies; the one the browser accepts is sent.
      preCompressed: true,
      wildcard: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
    })

    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isShopPage(request.url)) {
        return refuseLongSegment(request.url.split('?')[0], reply) ? reply : reply.callNotFound()
      }
      const key = await storefrontKey(app)
      let html = template
        .replace('__EMPORIUM_PUBLISHABLE_KEY__', escapeAttribute(key))
        .replace('__EMPORIUM_FEATURES__', escapeAttribute(storefrontFeatures(app)))
      let status = 200
      const apiUrl = ownUrl(app)
      if (serverEntry && apiUrl) {
        try {
          const page = await serverEntry.render({
            url: request.url,
            apiUrl,
            publishableApiKey: key || undefined,
            acceptLanguage: request.headers['accept-language'],
            features: storefrontFeatures(app),
          })
          if (page) {
            html = withRenderedPage(html, page)
            status = page.status
          }
        } catch (error) {
          // The browser can still render the page: serve it without the server's markup.
          request.log.error({ err: error }, 'storefront server render failed')
        }
      }
      return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
    }
    scope.get('/', { schema: { hide: true } }, sendIndex)
    scope.get('/*', { schema: { hide: true } }, sendIndex)
    scope.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robots(app)),
    )
    scope.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/xml; charset=utf-8')
        .send(await sitemap(app)),
    )
  })
}
