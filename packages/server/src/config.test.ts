import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

const cwd = mkdtempSync(join(tmpdir(), 'emporium-config-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))
const load = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'j', COOKIE_SECRET: 'c', ...env }, cwd)

describe('database pool size', () => {
  it('defaults to 10 connections and takes DATABASE_POOL_SIZE', () => {
    expect(load({}).databasePoolSize).toBe(10)
    expect(load({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24)
  })

  it('refuses anything but a whole number from 1 to 1000, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'many', '1001']) {
      expect(() => load({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE must be a whole number/)
    }
  })
})

describe('server processes', () => {
  it('defaults to one and takes EMPORIUM_PROCESSES', () => {
    expect(load({}).processes).toBe(1)
    expect(load({ EMPORIUM_PROCESSES: '4' }).processes).toBe(4)
  })

  it('refuses anything but a whole number from 1 to 256, naming the variable', () => {
    for (const bad of ['0', '-1', '1.5', 'all', '257', '']) {
      expect(() => load({ EMPORIUM_PROCESSES: bad })).toThrow(/EMPORIUM_PROCESSES must be a whole number from 1 to 256/)
    }
  })
})

describe('prepared statements', () => {
  it('are on unless DATABASE_PREPARED_STATEMENTS turns them off', () => {
    expect(load({}).databasePreparedStatements).toBe(true)
    expect(load({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false)
    expect(load({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(false)
    expect(load({ DATABASE_PREPARED_STATEMENTS: '1' }).databasePreparedStatements).toBe(true)
  })

  it('refuses anything but true or false, naming the variable', () => {
    expect(() => load({ DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS must be true or false/,
    )
  })
})

describe('outbox retention', () => {
  it('keeps delivered events 7 days unless OUTBOX_RETENTION_DAYS says otherwise (0 keeps them all)', () => {
    expect(load({}).outboxRetentionDays).toBe(7)
    expect(load({ OUTBOX_RETENTION_DAYS: '0.5' }).outboxRetentionDays).toBe(0.5)
    expect(load({ OUTBOX_RETENTION_DAYS: '0' }).outboxRetentionDays).toBe(0)
  })

  it('refuses a negative or non-numeric retention, naming the variable', () => {
    for (const bad of ['-1', 'week', '', ' ']) {
      expect(() => load({ OUTBOX_RETENTION_DAYS: bad })).toThrow(/OUTBOX_RETENTION_DAYS must be a number of days/)
    }
  })
})

describe('idempotency key retention', () => {
  it('keeps keys 24 hours unless IDEMPOTENCY_KEY_RETENTION_HOURS says otherwise (0 keeps them all)', () => {
    expect(load({}).idempotencyKeyRetentionHours).toBe(24)
    expect(load({ IDEMPOTENCY_KEY_RETENTION_HOURS: '1.5' }).idempotencyKeyRetentionHours).toBe(1.5)
    expect(load({ IDEMPOTENCY_KEY_RETENTION_HOURS: '0' }).idempotencyKeyRetentionHours).toBe(0)
  })

  it('refuses a negative or non-numeric retention, naming the variable', () => {
    for (const bad of ['-1', 'day', '', ' ']) {
      expect(() => load({ IDEMPOTENCY_KEY_RETENTION_HOURS: bad })).toThrow(
        /IDEMPOTENCY_KEY_RETENTION_HOURS must be a number of hours/,
      )
    }
  })
})

describe('trusted proxies', () => {
  it('trusts none unless TRUST_PROXY names them by address or range', () => {
    expect(load({}).trustProxy).toBe(false)
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false)
    expect(load({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toBe('10.0.0.5')
    expect(load({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback' }).trustProxy).toBe('10.0.0.0/8,fd00::/8,loopback')
  })

  it('refuses hop counts, true and anything but addresses and ranges, naming the variable', () => {
    for (const bad of ['1', 'true', '*', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', 'proxy.internal', '10.0.0.1,']) {
      expect(() => load({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be a comma-separated list of proxy addresses/)
    }
  })
})

describe('API docs', () => {
  it('are served in development, and in production only when EXPOSE_API_DOCS says so', () => {
    expect(load({}).exposeApiDocs).toBe(true)
    expect(load({ NODE_ENV: 'production' }).exposeApiDocs).toBe(false)
    expect(load({ NODE_ENV: 'production', EXPOSE_API_DOCS: 'true' }).exposeApiDocs).toBe(true)
    expect(load({ EXPOSE_API_DOCS: 'false' }).exposeApiDocs).toBe(false)
    expect(() => load({ EXPOSE_API_DOCS: 'yes' })).toThrow(/EXPOSE_API_DOCS must be true or false/)
  })
})

describe('metrics', () => {
  it('are off unless EMPORIUM_METRICS turns them on, with an optional token', () => {
    expect(load({})).toMatchObject({ metricsEnabled: false, metricsToken: undefined })
    expect(load({ EMPORIUM_METRICS: 'true', EMPORIUM_METRICS_TOKEN: 's3cret' })).toMatchObject({
      metricsEnabled: true,
      metricsToken: 's3cret',
    })
    expect(() => load({ EMPORIUM_METRICS: 'on' })).toThrow(/EMPORIUM_METRICS must be true or false/)
  })
})

describe('admin analytics collector', () => {
  it("lets the admin's pages reach the collector's origin, and refuses what is not a URL", () => {
    expect(load({}).adminConnectOrigins).toEqual([])
    expect(load({}).adminAnalyticsUrl).toBeUndefined()
    expect(load({ EMPORIUM_ADMIN_ANALYTICS_URL: 'https://collect.example.com/v1/events' }).adminAnalyticsUrl).toBe(
      'https://collect.example.com/v1/events',
    )
    expect(load({ EMPORIUM_ADMIN_ANALYTICS_URL: 'https://collect.example.com/v1/events' }).adminConnectOrigins).toEqual(
      ['https://collect.example.com'],
    )
    expect(() => load({ EMPORIUM_ADMIN_ANALYTICS_URL: 'collector' })).toThrow(
      /EMPORIUM_ADMIN_ANALYTICS_URL must be a URL/,
    )
  })
})

describe('e-mail templates', () => {
  it('writes English from the built-in templates unless EMPORIUM_EMAIL_LOCALE and _TEMPLATES_DIR say otherwise', () => {
    expect(load({})).toMatchObject({ emailLocale: 'en', emailTemplatesDir: undefined })
    const custom = load({ EMPORIUM_EMAIL_LOCALE: 'DE', EMPORIUM_EMAIL_TEMPLATES_DIR: 'mail' })
    expect(custom).toMatchObject({ emailLocale: 'de', emailTemplatesDir: join(cwd, 'mail') })
  })
})

describe('shutdown timeout', () => {
  it('defaults to 20 s and takes EMPORIUM_SHUTDOWN_TIMEOUT_MS, refusing nonsense by name', () => {
    expect(load({}).shutdownTimeoutMs).toBe(20_000)
    expect(load({ EMPORIUM_SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5000)
    for (const bad of ['0', '-1', '2.5', 'soon', '']) {
      expect(() => load({ EMPORIUM_SHUTDOWN_TIMEOUT_MS: bad })).toThrow(/EMPORIUM_SHUTDOWN_TIMEOUT_MS must be/)
    }
  })
})

describe('read replicas', () => {
  it('takes comma-separated postgres URLs beside a PostgreSQL primary, and refuses them without one', () => {
    const primary = { DATABASE_URL: 'postgres://db/shop' }
    expect(load(primary).databaseReadUrls).toEqual([])
    const both = load({ ...primary, DATABASE_READ_URL: 'postgres://r1/shop, postgres://r2/shop' })
    expect(both.databaseReadUrls).toEqual(['postgres://r1/shop', 'postgres://r2/shop'])
    expect(() => load({ ...primary, DATABASE_READ_URL: 'mysql://u:secret@r1/shop' })).toThrow(
      /DATABASE_READ_URL must be postgres:\/\/ URLs.*mysql:\/\/…@r1/,
    )
    expect(() => load({ DATABASE_READ_URL: 'postgres://r1/shop' })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/)
  })
})
