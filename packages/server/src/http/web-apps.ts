import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { contentSecurityPolicy, sendContentSecurityPolicy } from './content-security.js'
import { DEFAULT_STOREFRONT_DIR, storefrontRoutes } from './storefront.js'

/** apps/admin/dist of the workspace; the same relative place from src/http and dist/http. */
export const DEFAULT_ADMIN_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../apps/admin/dist')

/** Whether a built admin is there to serve. */
export function adminIsBuilt(adminDir: string = DEFAULT_ADMIN_DIR): boolean {
  return existsSync(join(adminDir, 'index.html'))
}

export interface WebAppsOptions {
  /** The built admin (index.html, assets/, locales/). */
  adminDir?: string
  /** The built storefront (index.html, assets/), served at `/`. */
  storefrontDir?: string
}

/** Hashed bundles never change under their name; everything else is revalidated. */
function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache')
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The admin's index.html with the settings it reads at start (SPEC §7): the analytics collector
 * as `<meta name="emporium-analytics-url">`, so one build serves stores with and without one.
 */
export function adminIndexHtml(html: string, settings: { analyticsUrl?: string }): string {
  if (!settings.analyticsUrl) return html
  const meta = `<meta name="emporium-analytics-url" content="${escapeAttribute(settings.analyticsUrl)}" />`
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`
}

/**
 * Serves the built admin at /app (any /app/* path that is not a file gets index.html, so the
 * client-side router owns it) and its translations at /locales/{lng}/{ns}.json. When the admin is
 * not built, nothing is registered: the API runs on its own.
 */
export async function webAppRoutes(app: FastifyInstance, options: WebAppsOptions = {}): Promise<void> {
  await storefrontRoutes(app, options.storefrontDir ?? DEFAULT_STOREFRONT_DIR)
  const adminDir = options.adminDir ?? DEFAULT_ADMIN_DIR
  if (!adminIsBuilt(adminDir)) return

  // Scoped to this plugin, so other static roots (uploads) keep their own reply decoration.
  await app.register(async (scope) => {
    sendContentSecurityPolicy(scope, contentSecurityPolicy(app.config.adminConnectOrigins))
    await scope.register(fastifyStatic, {
      root: adminDir,
      prefix: '/app/',
      // Files are listed once at start (the build is done by then), so unknown paths reach the fallback.
      wildcard: false,
      index: false,
      dotfiles: 'deny',
      // The build writes a Brotli and a gzip copy of each script and style sheet.
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    })
    // Read once, as the files are: the build is done before the server starts.
    const indexHtml = adminIndexHtml(readFileSync(join(adminDir, 'index.html'), 'utf8'), {
      analyticsUrl: app.config.adminAnalyticsUrl,
    })
    const sendIndex = (_request: unknown, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml)
    scope.get('/app', { schema: { hide: true } }, sendIndex)
    scope.get('/app/*', { schema: { hide: true } }, sendIndex)
  })

  const localesDir = join(adminDir, 'locales')
  if (existsSync(localesDir)) {
    await app.register(fastifyStatic, {
      root: localesDir,
      prefix: '/locales/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      allowedPath: (pathname) => /^\/[a-z]{2}\/[a-z0-9-]+\.json$/.test(pathname),
      cacheControl: false,
      setHeaders: cacheHeaders,
    })
  }
}
