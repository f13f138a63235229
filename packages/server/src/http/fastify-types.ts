import type { Config } from '../config.js'
import type { ReadReplicas } from '../db/read-replicas.js'
import type { Db } from '../db/types.js'
import type { EventBus } from '../events/bus.js'
import type { Seams } from '../core/seams.js'
import type { Providers } from '../providers/registry.js'

export interface RouteSummary {
  method: string
  url: string
  /** false for the few routes declared with `config: { auth: false }`. */
  auth: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteSummary[]
    db: Db
    config: Config
    events: EventBus
    /** The read replicas (`DATABASE_READ_URL`), when configured. */
    replicas: ReadReplicas | undefined
    providers: Providers
    /** What later modules provide to earlier ones (core/seams.ts); empty until they are registered. */
    seams: Partial<Seams>
  }
  interface FastifyRequest {
    /** The authenticated admin user, set by the admin auth hook. */
    userId?: string
    /** The authenticated customer, when a store request carries one. */
    customerId?: string
    /** The `x-publishable-api-key` of a store request and its sales channels (empty: no scope). */
    publishableKey?: { id: string; salesChannelIds: string[] }
  }
  interface FastifyContextConfig {
    /** `false` on the few admin routes that need no login (reference/conventions.md §4.1). */
    auth?: boolean
  }
}

declare module 'fastify' {
  interface Session {
    user_id?: string
    /** The user's `token_version` at login; the session ends when the account's moves on. */
    user_token_version?: number
    customer_id?: string
    /** The customer's `token_version` at login; the session ends when the account's moves on. */
    customer_token_version?: number
  }
}
