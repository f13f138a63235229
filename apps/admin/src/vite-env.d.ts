/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Collector endpoint for usage events (POST, JSON batches); unset sends nothing. */
  readonly EMPORIUM_ADMIN_ANALYTICS_URL?: string
  /** Page describing the usage data gathered, linked from the consent screen. */
  readonly EMPORIUM_ADMIN_USAGE_DOCS_URL?: string
}
