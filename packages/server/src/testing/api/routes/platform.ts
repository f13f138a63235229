import { Unknown, type RouteTable } from '../client.js'

export const platformRoutes = {
  'GET /health': Unknown,
  'GET /metrics': Unknown,
  'GET /openapi.json': Unknown,
  'GET /ready': Unknown,
} as const satisfies RouteTable
