import { Unknown } from '../client.js'

/** The schemas by name, so that declarations stay small. */
export type PlatformRoutes = {
  'GET /health': typeof Unknown
  'GET /metrics': typeof Unknown
  'GET /openapi.json': typeof Unknown
  'GET /ready': typeof Unknown
}

export const platformRoutes: PlatformRoutes = {
  'GET /health': Unknown,
  'GET /metrics': Unknown,
  'GET /openapi.json': Unknown,
  'GET /ready': Unknown,
}
