import { sql } from 'drizzle-orm'
import type { Db } from '../db/types.js'

interface Stream {
  _write: (...args: unknown[]) => void
  _writev?: (...args: unknown[]) => void
}

/**
 * The socket writes `work` makes on the connection of a one-connection PostgreSQL pool (a batch of
 * messages written together counts once).
 */
export async function socketWritesDuring(db: Db, work: () => Promise<unknown>): Promise<number> {
  await db.execute(sql`SELECT ${0}::int`) // the pool's connection exists from here on
  const pool = (db as unknown as { $client: { _clients: { connection: { stream: Stream } }[] } }).$client
  if (pool._clients.length !== 1) throw new Error('socketWritesDuring needs a pool holding one connection')
  const stream = pool._clients[0].connection.stream
  const originals = { write: stream._write, writev: stream._writev }
  let writes = 0
  stream._write = function (this: unknown, ...args: unknown[]) {
    writes++
    return originals.write.apply(this, args)
  }
  stream._writev = function (this: unknown, ...args: unknown[]) {
    writes++
    return originals.writev!.apply(this, args)
  }
  try {
    await work()
  } finally {
    Object.assign(stream, { _write: originals.write, _writev: originals.writev })
  }
  return writes
}
