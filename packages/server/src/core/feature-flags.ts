import type { FastifyInstance } from 'fastify'
import type { FeatureFlags } from '../config.js'
import { BareStatus } from './errors.js'

/**
 * A route-level hook for routes behind a feature flag: a bare `404 Not Found` while the flag is
 * off, as v1 does. Route-level, so it runs after the admin login check (anonymous callers get 401).
 */
export function requireFlag(app: FastifyInstance, flag: keyof FeatureFlags) {
  return async () => {
    if (!app.config.featureFlags[flag]) throw new BareStatus(404, 'Not Found')
  }
}
