/** How a client talks to the server (SPEC §7, §9); the names match medusa-js's config. */
export interface ClientConfig {
  /** Server origin; default `http://localhost:9000`. */
  baseUrl?: string
  /** Retries per request under the retry rule; default 0 (none). */
  maxRetries?: number
  /** A user's API token, sent as `x-medusa-access-token` on admin calls. */
  apiKey?: string
  /** Sent as `x-publishable-api-key` on every call. */
  publishableApiKey?: string
  /** Headers added to every call (a call's own headers win). */
  customHeaders?: Record<string, string>
}

export interface ResolvedConfig {
  baseUrl: string
  maxRetries: number
  apiKey?: string
  publishableApiKey?: string
  customHeaders: Record<string, string>
}

export const DEFAULT_BASE_URL = 'http://localhost:9000'

export function resolveConfig(config: ClientConfig = {}): ResolvedConfig {
  return {
    baseUrl: config.baseUrl ?? DEFAULT_BASE_URL,
    maxRetries: config.maxRetries ?? 0,
    apiKey: config.apiKey,
    publishableApiKey: config.publishableApiKey,
    customHeaders: { ...config.customHeaders },
  }
}
