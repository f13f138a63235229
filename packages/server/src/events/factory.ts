import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.js'
import type { Db } from '../db/types.js'
import { InProcessEventBus, type EventBus } from './bus.js'
import { RedisEventBus, type RedisEventBusOptions } from './redis-bus.js'

/** Timings and limits; the Redis-only ones are ignored by the in-process bus. */
export type EventBusTuning = Partial<Omit<RedisEventBusOptions, 'logger' | 'url' | 'consume'>>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The event bus for this process: through Redis (BullMQ) when `REDIS_URL` is set, in-process
 * otherwise. Subscribers run only in the modes that consume events (`shared` and `worker`).
 */
export function createEventBus(
  db: Db,
  config: Pick<Config, 'redisUrl' | 'mode' | 'outboxRetentionDays'>,
  logger: FastifyBaseLogger,
  tuning: EventBusTuning = {},
): EventBus {
  const consume = config.mode !== 'server'
  const options = { retentionMs: config.outboxRetentionDays * DAY_MS, ...tuning, logger, consume }
  if (config.redisUrl) return new RedisEventBus(db, { ...options, url: config.redisUrl })
  return new InProcessEventBus(db, options)
}
