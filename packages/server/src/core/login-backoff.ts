/**
 * When a login may be tried, from the failures counted against an account as a whole and against
 * the account from one client address. Pure: the database keeps the counts (login-throttle.ts).
 *
 * From one address, a few mistakes cost nothing, then each further failure doubles the wait, up to
 * a quarter of an hour. From all addresses together, an account takes more failures before it
 * slows down, and never waits more than a minute: guessing from many addresses meets a wall, while
 * whoever provokes the account's block cannot keep its owner out for long. An address the account
 * logged in from lately does not wait for the account's block at all, only for its own.
 */

export interface BackoffPolicy {
  /** Failures in a row allowed before the first wait. */
  freeFailures: number
  /** The first wait; each further failure doubles it. */
  firstBlockMs: number
  maxBlockMs: number
}

export const ADDRESS_POLICY: BackoffPolicy = { freeFailures: 5, firstBlockMs: 1000, maxBlockMs: 15 * 60 * 1000 }
export const ACCOUNT_POLICY: BackoffPolicy = { freeFailures: 20, firstBlockMs: 1000, maxBlockMs: 60 * 1000 }

/** Failures older than this, with none since, are forgotten. */
export const FORGET_FAILURES_MS = 60 * 60 * 1000
/** How long an address the account logged in from skips the account's block. */
export const TRUST_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000

/** What is kept about an account, or about the account from one address. */
export interface AttemptRecord {
  failures: number
  failed_at: Date | null
  blocked_until: Date | null
  /** On an address's record: until when it skips the account's block. */
  trusted_until: Date | null
  /** When the record means nothing any more and may be deleted. */
  expires_at: Date
}

export const NO_ATTEMPTS: AttemptRecord = {
  failures: 0,
  failed_at: null,
  blocked_until: null,
  trusted_until: null,
  expires_at: new Date(0),
}

/** The wait after `failures` failures in a row: none while they are free, then doubling to the cap. */
export function blockMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0
  const doublings = failures - policy.freeFailures
  // 2^31 ms is already weeks: past that the cap holds, and the power never overflows.
  return Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** Math.min(doublings, 31))
}

export type Admission = { admitted: true; account: AttemptRecord } | { admitted: false; retryAfterMs: number }

const isAfter = (time: Date | null, now: Date): time is Date => time !== null && time > now
const latest = (...times: (Date | null)[]): Date => new Date(Math.max(...times.map((time) => time?.getTime() ?? 0)))

/**
 * Admits an attempt unless the address, or the account (for an address it does not trust), waits.
 * An admitted attempt counts against the account at once, so guesses sent together from many
 * addresses cannot all pass before the first is checked; a success then clears the count
 * (`afterSuccess`). It counts against its address only once it has failed (`afterFailure`), so a
 * client's parallel logins do not hold each other up: how many one address sends is bounded by
 * the rate limit per address.
 */
export function admit(account: AttemptRecord, address: AttemptRecord, now: Date): Admission {
  const waits = [
    isAfter(address.blocked_until, now) ? address.blocked_until : null,
    isAfter(account.blocked_until, now) && !isAfter(address.trusted_until, now) ? account.blocked_until : null,
  ].filter((time): time is Date => time !== null)
  if (waits.length > 0) return { admitted: false, retryAfterMs: latest(...waits).getTime() - now.getTime() }
  return { admitted: true, account: counted(account, ACCOUNT_POLICY, now) }
}

/** The address's record after a failed attempt from it. */
export function afterFailure(address: AttemptRecord, now: Date): AttemptRecord {
  return counted(address, ADDRESS_POLICY, now)
}

const forgottenAt = (record: AttemptRecord): Date | null =>
  record.failed_at && new Date(record.failed_at.getTime() + FORGET_FAILURES_MS)

function counted(record: AttemptRecord, policy: BackoffPolicy, now: Date): AttemptRecord {
  const failures = (isAfter(forgottenAt(record), now) ? record.failures : 0) + 1
  const wait = blockMs(failures, policy)
  // A trusted address's attempt may pass while the account waits: that wait stays as long as it was.
  const blockedUntil = wait > 0 ? latest(record.blocked_until, new Date(now.getTime() + wait)) : record.blocked_until
  return withExpiry({ ...record, failures, failed_at: now, blocked_until: blockedUntil })
}

/** The records after a successful login: no failures, and the address trusted for a while. */
export function afterSuccess(now: Date): { account: AttemptRecord; address: AttemptRecord } {
  const trustedUntil = new Date(now.getTime() + TRUST_ADDRESS_MS)
  return {
    account: { ...NO_ATTEMPTS, expires_at: now },
    address: { ...NO_ATTEMPTS, trusted_until: trustedUntil, expires_at: trustedUntil },
  }
}

function withExpiry(record: AttemptRecord): AttemptRecord {
  return { ...record, expires_at: latest(forgottenAt(record), record.blocked_until, record.trusted_until) }
}
