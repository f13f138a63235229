import { Redis } from 'ioredis'

/** The Redis the tests use: `REDIS_URL`, or the local default. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

/** Why Redis cannot be used, or undefined when a PING is answered (tests needing Redis skip otherwise). */
export async function redisUnreachable(url = testRedisUrl): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  })
  let cause: Error | undefined
  client.on('error', (error: Error) => (cause ??= error))
  try {
    await client.connect()
    return (await client.ping()) === 'PONG' ? undefined : 'PING was not answered with PONG'
  } catch (error) {
    return (cause ?? (error as Error)).message
  } finally {
    client.disconnect()
  }
}
