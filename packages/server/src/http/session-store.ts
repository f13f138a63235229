import type { SessionStore } from '@fastify/session'
import { eq, lt } from 'drizzle-orm'
import type { Db } from '../db/types.js'
import { session } from './session-schema.js'

const DEFAULT_TTL_MS = 10 * 60 * 60 * 1000

type Callback = (error?: unknown) => void
type SessionData = Parameters<SessionStore['set']>[1]

/**
 * Sessions kept in the `session` table, so any server process over the same database can serve a
 * logged-in request. Expired rows are ignored on read and swept now and then on write.
 */
export class DatabaseSessionStore implements SessionStore {
  private writes = 0

  constructor(private readonly db: Db) {}

  get(sid: string, callback: (error: unknown, result?: SessionData | null) => void): void {
    this.db
      .select()
      .from(session)
      .where(eq(session.sid, sid))
      .then(([row]) => callback(null, row && row.expires_at > new Date() ? (row.data as unknown as SessionData) : null))
      .catch((error: unknown) => callback(error))
  }

  set(sid: string, data: SessionData, callback: Callback): void {
    const expiresAt = data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS)
    const value = JSON.parse(JSON.stringify(data)) as Record<string, unknown>
    this.db
      .insert(session)
      .values({ sid, data: value, expires_at: expiresAt })
      .onConflictDoUpdate({ target: session.sid, set: { data: value, expires_at: expiresAt } })
      .then(() => this.sweep())
      .then(() => callback())
      .catch((error: unknown) => callback(error))
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .delete(session)
      .where(eq(session.sid, sid))
      .then(() => callback())
      .catch((error: unknown) => callback(error))
  }

  private async sweep(): Promise<void> {
    if (++this.writes % 100 !== 0) return
    await this.db.delete(session).where(lt(session.expires_at, new Date()))
  }
}
