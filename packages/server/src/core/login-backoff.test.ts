import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  admit,
  afterFailure,
  afterSuccess,
  blockMs,
  FORGET_FAILURES_MS,
  NO_ATTEMPTS,
  TRUST_ADDRESS_MS,
  type AttemptRecord,
} from './login-backoff.js'

const t0 = new Date('2030-01-01T00:00:00Z')
const at = (ms: number) => new Date(t0.getTime() + ms)

/** One failed attempt at `now`, which must be admitted; the records after it. */
function fail(account: AttemptRecord, address: AttemptRecord, now = t0) {
  const decision = admit(account, address, now)
  if (!decision.admitted) throw new Error(`an attempt at ${now.toISOString()} was not admitted`)
  return { account: decision.account, address: afterFailure(address, now) }
}

/** `count` failures from one address, each as soon as the address may try again. */
function failFromOneAddress(count: number, account = NO_ATTEMPTS, address = NO_ATTEMPTS) {
  let records = { account, address, now: t0 }
  for (let i = 0; i < count; i++) {
    const now =
      records.address.blocked_until && records.address.blocked_until > records.now
        ? records.address.blocked_until
        : records.now
    records = { ...fail(records.account, records.address, now), now }
  }
  return records
}

/** `count` failures against an account, each from a new address, at `now`. */
function failFromManyAddresses(count: number, account = NO_ATTEMPTS, now = t0): AttemptRecord {
  for (let i = 0; i < count; i++) account = fail(account, NO_ATTEMPTS, now).account
  return account
}

describe('blockMs', () => {
  it('costs nothing for the free failures, then doubles from the first wait up to the cap', () => {
    const waits = Array.from({ length: 18 }, (_, i) => blockMs(i + 1, ADDRESS_POLICY))
    expect(waits).toEqual([
      0, 0, 0, 0, 1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000, 256000, 512000, 900000, 900000, 900000, 900000,
    ])
  })

  it('caps the account-wide wait at a minute', () => {
    expect(blockMs(19, ACCOUNT_POLICY)).toBe(0)
    expect(blockMs(20, ACCOUNT_POLICY)).toBe(1000)
    expect(blockMs(26, ACCOUNT_POLICY)).toBe(60_000)
    expect(blockMs(10_000, ACCOUNT_POLICY)).toBe(60_000)
  })

  it('stays finite for any count', () => {
    expect(blockMs(Number.MAX_SAFE_INTEGER, ADDRESS_POLICY)).toBe(ADDRESS_POLICY.maxBlockMs)
  })
})

describe('admit', () => {
  it('counts an admitted attempt against the account at once, and against the address once it fails', () => {
    const decision = admit(NO_ATTEMPTS, NO_ATTEMPTS, t0)
    expect(decision).toEqual({
      admitted: true,
      account: { ...NO_ATTEMPTS, failures: 1, failed_at: t0, expires_at: at(FORGET_FAILURES_MS) },
    })
    expect(afterFailure(NO_ATTEMPTS, t0)).toEqual({
      ...NO_ATTEMPTS,
      failures: 1,
      failed_at: t0,
      expires_at: at(FORGET_FAILURES_MS),
    })
  })

  it('lets one address send logins side by side, up to the account’s free failures', () => {
    let account = NO_ATTEMPTS
    for (let i = 0; i < ACCOUNT_POLICY.freeFailures; i++) {
      const decision = admit(account, NO_ATTEMPTS, t0)
      expect(decision.admitted).toBe(true)
      if (decision.admitted) account = decision.account
    }
    expect(admit(account, NO_ATTEMPTS, t0).admitted).toBe(false)
  })

  it('makes an address wait after its free failures, however the account stands', () => {
    const { account, address } = failFromOneAddress(ADDRESS_POLICY.freeFailures)
    expect(address.blocked_until).toEqual(at(1000))
    expect(admit(account, address, at(999))).toEqual({ admitted: false, retryAfterMs: 1 })
    // Another address of the same account goes on.
    expect(admit(account, NO_ATTEMPTS, at(999)).admitted).toBe(true)
    // Once the wait is over, the next failure doubles it.
    expect(fail(account, address, at(1000)).address.blocked_until).toEqual(at(3000))
  })

  it('makes every address wait once the account has had its free failures, for a minute at most', () => {
    let account = failFromManyAddresses(ACCOUNT_POLICY.freeFailures - 1)
    expect(admit(account, NO_ATTEMPTS, t0).admitted).toBe(true)
    account = failFromManyAddresses(1, account)
    expect(admit(account, NO_ATTEMPTS, t0)).toEqual({ admitted: false, retryAfterMs: 1000 })

    let now = t0
    for (let i = 0; i < 12; i++) {
      now = account.blocked_until!
      account = failFromManyAddresses(1, account, now)
    }
    expect(account.blocked_until!.getTime() - now.getTime()).toBe(ACCOUNT_POLICY.maxBlockMs)
  })

  it("lets an address the account logged in from skip the account's wait, and keeps that wait", () => {
    const trusted = afterSuccess(t0).address
    const account = failFromManyAddresses(ACCOUNT_POLICY.freeFailures)
    const decision = admit(account, trusted, t0)
    expect(decision.admitted).toBe(true)
    if (!decision.admitted) return
    expect(decision.account.blocked_until!.getTime()).toBeGreaterThanOrEqual(account.blocked_until!.getTime())
    expect(admit(decision.account, NO_ATTEMPTS, t0).admitted).toBe(false)
    // Trust ends.
    const monthLater = at(TRUST_ADDRESS_MS)
    const blockedThen = failFromManyAddresses(ACCOUNT_POLICY.freeFailures, NO_ATTEMPTS, monthLater)
    expect(admit(blockedThen, trusted, monthLater).admitted).toBe(false)
  })

  it('answers the longer of two waits', () => {
    const address: AttemptRecord = { ...NO_ATTEMPTS, blocked_until: at(5000) }
    const account: AttemptRecord = { ...NO_ATTEMPTS, blocked_until: at(30_000) }
    expect(admit(account, address, t0)).toEqual({ admitted: false, retryAfterMs: 30_000 })
    expect(admit(address, account, t0)).toEqual({ admitted: false, retryAfterMs: 30_000 })
  })

  it('forgets failures after a quiet hour', () => {
    const { account, address } = failFromOneAddress(4)
    const later = fail(account, address, at(FORGET_FAILURES_MS + 1))
    expect(later.account.failures).toBe(1)
    expect(later.address.failures).toBe(1)
    expect(fail(account, address, at(FORGET_FAILURES_MS - 1)).address.failures).toBe(5)
  })

  it('keeps a record until its failures are forgotten and its wait is over', () => {
    const { address, now } = failFromOneAddress(ADDRESS_POLICY.freeFailures + 12)
    expect(address.blocked_until!.getTime() - now.getTime()).toBe(ADDRESS_POLICY.maxBlockMs)
    expect(address.expires_at).toEqual(new Date(now.getTime() + FORGET_FAILURES_MS))
  })
})

describe('afterSuccess', () => {
  it('clears both counts and trusts the address for a while', () => {
    expect(afterSuccess(t0)).toEqual({
      account: { ...NO_ATTEMPTS, expires_at: t0 },
      address: { ...NO_ATTEMPTS, trusted_until: at(TRUST_ADDRESS_MS), expires_at: at(TRUST_ADDRESS_MS) },
    })
  })
})
