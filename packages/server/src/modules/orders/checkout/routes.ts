import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify'
import { IdempotencyKeyBusy, runIdempotent, type Stages } from '../../../core/idempotency.js'
import { CartFindParams, CartIdParams } from '../../carts/contract.js'
import { cartEnv } from '../../carts/store.routes.js'
import { completeCartStages } from './complete.js'
import { StorePostCartsCartCompleteConflictRes, StorePostCartsCartCompleteRes } from '../contract.js'

/** How long a request waits for another one holding the same Idempotency-Key to finish. */
const KEY_WAIT_MS = 30_000

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs the stages idempotently; a request whose key another request is working on waits for it and
 * then replays its answer, so a storefront that sends one completion twice (a double click, a
 * retry after a timeout) gets the same answer twice instead of a 409.
 */
export async function runWaitingForKey(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  stages: Stages,
): Promise<FastifyReply> {
  const deadline = Date.now() + KEY_WAIT_MS
  for (let attempt = 0; ; attempt++) {
    try {
      return await runIdempotent(app.db, request, reply, stages)
    } catch (error) {
      if (!(error instanceof IdempotencyKeyBusy) || Date.now() >= deadline) throw error
      await pause(Math.min(20 * 2 ** attempt, 250))
    }
  }
}

/** Cart completion (mounted by orders, which come after carts): `/complete` and v1's `/complete-cart` alias. */
export const storeCompleteCartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const env = cartEnv(app)
  const schema = {
    tags: ['Carts'],
    params: CartIdParams,
    querystring: CartFindParams,
    response: { 200: StorePostCartsCartCompleteRes, 409: StorePostCartsCartCompleteConflictRes },
  }
  for (const path of ['/store/carts/:id/complete', '/store/carts/:id/complete-cart']) {
    app.post(path, { schema }, async (request, reply) =>
      runWaitingForKey(app, request, reply, completeCartStages(env, request.params.id)),
    )
  }
}
