import type { FastifyInstance } from 'fastify'

/**
 * Seams: how a later module plugs into an earlier one (docs/architecture.md). An earlier module
 * cannot import a later one, so it declares what it needs as a seam, adding a slot to `Seams`
 * from its own `seams.ts` (`declare module '…/core/seams.js'`); the later module fills the slot
 * with `provideSeam` when it is registered; the earlier module reads `app.seams` when a request
 * comes and hands the implementation to its services as an argument. An empty slot means the
 * later module is not there, and the earlier module does without. Reactions to what happened
 * (an order placed, a customer created) are events instead (events/outbox.ts).
 */
// Slots are added by the modules that declare them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Seams {}

/** Fills a seam; each is filled once per app. */
export function provideSeam<Name extends keyof Seams>(
  app: FastifyInstance,
  name: Name,
  implementation: Seams[Name],
): void {
  if (app.seams[name] !== undefined) throw new Error(`The seam "${String(name)}" is provided twice`)
  app.seams[name] = implementation
}
