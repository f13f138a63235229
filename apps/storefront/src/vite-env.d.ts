/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API is when the shop is served from another origin; the page's own origin otherwise. */
  readonly EMPORIUM_STOREFRONT_BACKEND_URL?: string
  /** The publishable key, for a shop not served by the Emporium server. */
  readonly EMPORIUM_STOREFRONT_PUBLISHABLE_KEY?: string
}
