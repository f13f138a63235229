import type { FastifyInstance } from 'fastify'
import type { ReadReplicas } from '../db/read-replicas.js'
import { anonymousCatalogReads } from './cdn-cache.js'

/**
 * Sends the statements of anonymous catalogue reads to the read replicas: the rest of such a
 * request (its hooks and handler) runs in the replicas' scope. Everything else, and above all
 * whatever reads after its own write, stays on the primary. Registered before the micro-cache,
 * so a request that waits for another's computation keeps the scope too.
 */
export function registerReplicaRouting(app: FastifyInstance, replicas: ReadReplicas, sessionCookie: string): void {
  const isAnonymousRead = anonymousCatalogReads(sessionCookie)
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isAnonymousRead(request)) return done()
    replicas.readFromReplica(() => done())
  })
}
