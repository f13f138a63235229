import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { rowsOf } from '../db/raw-rows.js'
import { Sweeper } from '../db/sweeper.js'
import type { Db } from '../db/types.js'
import { TooManyRequests } from './errors.js'
import { loginAttempt } from './login-attempt-schema.js'
import { admit, afterFailure, afterSuccess, NO_ATTEMPTS, type AttemptRecord } from './login-backoff.js'

export interface LoginClient {
  domain: 'admin' | 'store'
  email: string
  /** The client's address (`request.ip`, which names a proxy's client only under `TRUST_PROXY`). */
  address: string | undefined
}

/** The `address` of the row that counts an account's failures from every address. */
const ANY_ADDRESS = '*'
const KEY = [loginAttempt.domain, loginAttempt.email, loginAttempt.address]

interface Keys {
  domain: 'admin' | 'store'
  email: string
  address: string
}

function keysOf(client: LoginClient): Keys {
  // A client on a Unix socket has no address; its row is still not the account's.
  return { domain: client.domain, email: client.email.toLowerCase(), address: client.address || 'unknown' }
}

/**
 * Runs `authenticate` (a password check that answers undefined for wrong credentials) unless the
 * account, or the account from this address, must wait after failed logins (`login-backoff.ts`):
 * then a `429` with `Retry-After`, and the password is not checked. A success clears the count.
 */
export async function throttledLogin<T>(
  db: Db,
  client: LoginClient,
  authenticate: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const keys = keysOf(client)
  await admitAttempt(db, keys)
  // Checked outside the transaction: the rows stay locked for a few statements, not a password hash.
  const result = await authenticate()
  await (result === undefined ? recordFailure(db, keys) : recordSuccess(db, keys))
  return result
}

async function admitAttempt(db: Db, keys: Keys): Promise<void> {
  const account = accountOf(keys)
  const admission = await db.transaction(async (tx) => {
    const [accountRow, addressRow] = await lockRows(tx, [account, keys])
    const decision = admit(accountRow, addressRow, new Date())
    if (decision.admitted) await writeRows(tx, [[account, decision.account]])
    return decision
  })
  if (!admission.admitted) {
    const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000))
    throw new TooManyRequests(`Too many failed login attempts, retry in ${seconds} seconds`, seconds)
  }
}

async function recordFailure(db: Db, keys: Keys): Promise<void> {
  await db.transaction(async (tx) => {
    const [addressRow] = await lockRows(tx, [keys])
    await writeRows(tx, [[keys, afterFailure(addressRow, new Date())]])
  })
}

async function recordSuccess(db: Db, keys: Keys): Promise<void> {
  const records = afterSuccess(new Date())
  await writeRows(db, [
    [accountOf(keys), records.account],
    [keys, records.address],
  ])
}

const accountOf = (keys: Keys): Keys => ({ ...keys, address: ANY_ADDRESS })

/**
 * The records of these rows, created empty where missing, locked until the transaction ends. Rows
 * are always taken in the same order (the account's first), so two attempts never wait on each
 * other in a circle.
 */
async function lockRows(tx: Db, rows: Keys[]): Promise<AttemptRecord[]> {
  const locked = await tx
    .insert(loginAttempt)
    .values(rows.map((keys) => ({ ...keys, ...NO_ATTEMPTS })))
    .onConflictDoUpdate({ target: KEY, set: { failures: sql.raw('login_attempt.failures') } })
    .returning()
  return rows.map((keys) => locked.find((row) => row.address === keys.address)!)
}

/** Writes these records, creating a row a sweep has deleted meanwhile. */
async function writeRows(db: Db, rows: [Keys, AttemptRecord][]): Promise<void> {
  await db
    .insert(loginAttempt)
    .values(rows.map(([keys, record]) => ({ ...keys, ...columnsOf(record) })))
    .onConflictDoUpdate({
      target: KEY,
      set: {
        failures: sql.raw('excluded.failures'),
        failed_at: sql.raw('excluded.failed_at'),
        blocked_until: sql.raw('excluded.blocked_until'),
        trusted_until: sql.raw('excluded.trusted_until'),
        expires_at: sql.raw('excluded.expires_at'),
      },
    })
}

/** The record's columns alone: a row read back carries its keys too. */
const columnsOf = (record: AttemptRecord): AttemptRecord => ({
  failures: record.failures,
  failed_at: record.failed_at,
  blocked_until: record.blocked_until,
  trusted_until: record.trusted_until,
  expires_at: record.expires_at,
})

/** Deletes at most `limit` rows that mean nothing any more; answers how many went. */
export async function deleteExpiredLoginAttempts(db: Db, limit: number): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM login_attempt WHERE (domain, email, address) IN (
      SELECT domain, email, address FROM login_attempt
      WHERE expires_at < now()
      ORDER BY expires_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING email`)
  return rowsOf(result).length
}

const HOUR_MS = 60 * 60 * 1000

/** Deletes stale login-attempt rows hourly, where background work runs (not in `server` mode). */
export function registerLoginAttemptSweep(app: FastifyInstance): void {
  if (app.config.mode === 'server') return
  const sweeper = new Sweeper({
    deleteBatch: (limit) => deleteExpiredLoginAttempts(app.db, limit),
    intervalMs: HOUR_MS,
    firstDelayMs: 60 * 1000,
    logger: app.log,
    removedMessage: 'deleted stale login attempts',
    failedMessage: 'login attempt sweep failed; it runs again later',
  })
  app.addHook('onReady', async () => sweeper.start())
  app.addHook('onClose', () => sweeper.stop())
}
