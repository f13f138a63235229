import type { FastifyInstance } from 'fastify'
import { Sweeper } from '../db/sweeper.js'
import { deleteExpiredIdempotencyKeys } from '../core/idempotency.js'

const HOUR_MS = 60 * 60 * 1000
/** Soon after start, so a process that restarts often still sweeps. */
const FIRST_SWEEP_DELAY_MS = 1000

/**
 * Deletes `Idempotency-Key` rows past `IDEMPOTENCY_KEY_RETENTION_HOURS`, hourly, where background
 * work runs (not in `server` mode). Every line add, payment-session and completion request stores
 * one, answer included, so without it the table grows with every cart.
 */
export function registerIdempotencyKeySweep(app: FastifyInstance): void {
  const retentionMs = app.config.idempotencyKeyRetentionHours * HOUR_MS
  if (app.config.mode === 'server' || retentionMs <= 0) return
  const sweeper = new Sweeper({
    deleteBatch: (limit) => deleteExpiredIdempotencyKeys(app.db, retentionMs, limit),
    intervalMs: HOUR_MS,
    firstDelayMs: FIRST_SWEEP_DELAY_MS,
    logger: app.log,
    removedMessage: 'deleted idempotency keys past their retention',
    failedMessage: 'idempotency key sweep failed; it runs again later',
  })
  app.addHook('onReady', async () => sweeper.start())
  app.addHook('onClose', () => sweeper.stop())
}
