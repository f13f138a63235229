/** Where the shop reaches the API, and with which publishable key (see README: "Configuration"). */
export interface StorefrontConfig {
  baseUrl: string
  publishableApiKey?: string
  /** Feature flags of the server that matter to the shop (`product_categories`). */
  features: string[]
}

const KEY_PLACEHOLDER = '__EMPORIUM_PUBLISHABLE_KEY__'

/**
 * The server that serves the shop writes its publishable key into the page's
 * `<meta name="emporium-publishable-key">`; a shop hosted elsewhere sets it at build time.
 */
export function readStorefrontConfig(doc: Document = document): StorefrontConfig {
  const fromPage = doc.querySelector('meta[name="emporium-publishable-key"]')?.getAttribute('content') ?? ''
  const key = fromPage && fromPage !== KEY_PLACEHOLDER ? fromPage : import.meta.env.EMPORIUM_STOREFRONT_PUBLISHABLE_KEY
  return {
    baseUrl: import.meta.env.EMPORIUM_STOREFRONT_BACKEND_URL || window.location.origin,
    publishableApiKey: key || undefined,
    features: (doc.querySelector('meta[name="emporium-features"]')?.getAttribute('content') ?? '')
      .split(',')
      .filter((feature) => /^[a-z_]+$/i.test(feature)),
  }
}

let current: StorefrontConfig | undefined

/** The config read once from the page. */
export function storefrontConfig(): StorefrontConfig {
  current ??= readStorefrontConfig()
  return current
}
