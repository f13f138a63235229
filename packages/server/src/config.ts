import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { join, resolve } from 'node:path'

/** Feature flags that change the wire contract (reference/conventions.md §11). */
export interface FeatureFlags {
  sales_channels: boolean
  publishable_api_keys: boolean
  order_editing: boolean
  analytics: boolean
  product_categories: boolean
  tax_inclusive_pricing: boolean
  inventoryService: boolean
}

export type RunMode = 'shared' | 'server' | 'worker'

export type CookieSameSite = 'lax' | 'strict' | 'none'

export interface Config {
  port: number
  host: string
  /** `postgres://…` to use PostgreSQL; unset means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined
  /** Connections each process keeps to PostgreSQL. */
  databasePoolSize: number
  /** Whether statements sent to PostgreSQL are named, so each is planned once per connection. */
  databasePreparedStatements: boolean
  /** Where PGlite keeps its files and where dev secrets are stored. */
  dataDir: string
  redisUrl: string | undefined
  mode: RunMode
  /** Server processes `emporium start` runs on the port (PostgreSQL only): one per core uses them all. */
  processes: number
  jwtSecret: string
  cookieSecret: string
  storeCors: string
  adminCors: string
  /** The session cookie's SameSite; unset, it is worked out from the CORS origins (http/cookie-site.ts). */
  cookieSameSite: CookieSameSite | undefined
  production: boolean
  logLevel: string
  /** Public URL of this server, used in e-mails and signed links. */
  publicUrl: string
  /** A folder of e-mail templates and strings replacing the built-in ones of the same name. */
  emailTemplatesDir: string | undefined
  /** The language of e-mails whose order or recipient names none (`en`, `de`, `fr`, or a custom one). */
  emailLocale: string
  featureFlags: FeatureFlags
  /** Requests per minute per client on the auth and password routes. */
  authRateLimit: number
  /**
   * The proxies whose `X-Forwarded-For` names the client (addresses and CIDR ranges, as Fastify's
   * `trustProxy` takes them). `false` trusts none, so a client cannot pick the address its login
   * limits count against.
   */
  trustProxy: string | false
  /** Largest accepted size of one uploaded file, in bytes. */
  uploadMaxBytes: number
  /** How long an anonymous storefront catalogue answer is served from memory; 0 turns the cache off. */
  storeCacheTtlMs: number
  /** Days a delivered event stays in the outbox before it is deleted; 0 keeps every event. */
  outboxRetentionDays: number
  /** Hours an `Idempotency-Key` and its stored answer are kept; 0 keeps every key. */
  idempotencyKeyRetentionHours: number
  /** Whether `/docs` and `/openapi.json` are served: always in development, on request in production. */
  exposeApiDocs: boolean
  /** The admin's usage-analytics collector, handed to its pages; unset: no consent is asked, nothing sent. */
  adminAnalyticsUrl: string | undefined
  /** Origins besides this server's own the admin's pages may send to (its analytics collector). */
  adminConnectOrigins: string[]
  /** Whether `/metrics` serves Prometheus metrics (off unless asked for). */
  metricsEnabled: boolean
  /** When set, `/metrics` answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined
  /** `max-age` of anonymous catalogue answers, for browsers (seconds). */
  httpCacheMaxAgeS: number
  /** `s-maxage` of anonymous catalogue answers, for a CDN (seconds); 0 sends no public caching headers. */
  cdnMaxAgeS: number
  /** Where catalogue writes send their surrogate-key purges (a POST); unset sends none. */
  cdnPurgeUrl: string | undefined
  /** Sent as `Authorization: Bearer <token>` with each purge. */
  cdnPurgeToken: string | undefined
  /** Read replicas (`DATABASE_READ_URL`, comma-separated): anonymous catalogue reads go to them. */
  databaseReadUrls: string[]
  /** A replica further behind the primary than this is skipped until it catches up. */
  databaseReadMaxLagMs: number
  /** Whether requests and statements are traced with OpenTelemetry (`EMPORIUM_TRACING`). */
  tracing: boolean
  /** How long a stopping process waits for its in-flight requests and jobs before it exits anyway. */
  shutdownTimeoutMs: number
}

const DEFAULT_CORS = 'http://localhost:9000,http://localhost:5173,http://localhost:7001,http://localhost:8000'

const DEFAULT_FLAGS: FeatureFlags = {
  sales_channels: true,
  publishable_api_keys: true,
  order_editing: true,
  analytics: true,
  product_categories: false,
  tax_inclusive_pricing: false,
  inventoryService: false,
}

type Env = Record<string, string | undefined>

function flagFromEnv(env: Env, key: string, fallback: boolean): boolean {
  const raw = env[`EMPORIUM_FF_${key.toUpperCase()}`] ?? env[`MEDUSA_FF_${key.toUpperCase()}`]
  if (raw === undefined || raw === '') return fallback
  return raw === 'true' || raw === '1'
}

function readFileConfig(cwd: string): Partial<Record<string, unknown>> {
  const path = join(cwd, 'emporium.config.json')
  if (!existsSync(path)) return {}
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  } catch (error) {
    throw new Error(`emporium.config.json is not valid JSON: ${(error as Error).message}`)
  }
}

/**
 * Secrets must be stable across restarts (sessions and tokens survive), so in development they are
 * generated once and kept beside the embedded database. Production must set them explicitly.
 */
function devSecrets(dataDir: string): { jwtSecret: string; cookieSecret: string } {
  const path = join(dataDir, 'secrets.json')
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as { jwtSecret: string; cookieSecret: string }
  const secrets = { jwtSecret: randomBytes(32).toString('hex'), cookieSecret: randomBytes(32).toString('hex') }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` accepts too. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address, prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  const bits = Number(prefix)
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128)
}

/**
 * `TRUST_PROXY`: unset trusts no proxy; otherwise a comma-separated list of the proxies' addresses
 * and CIDR ranges. Neither `true` (trust every hop) nor a hop count is taken: both let a client that
 * reaches the server directly pick its own address, and Fastify ignores hop counts for that reason.
 */
function parseTrustProxy(raw: string): string | false {
  if (raw.trim() === '') return false
  const entries = raw.split(',').map((entry) => entry.trim())
  if (!entries.every(isProxyAddress)) {
    throw new Error(
      `TRUST_PROXY must be a comma-separated list of proxy addresses and CIDR ranges, such as 10.0.0.0/8 (got "${raw}")`,
    )
  }
  return entries.join(',')
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const file = readFileConfig(cwd)
  const pick = (envKey: string, fileKey: string): string | undefined =>
    env[envKey] ?? (typeof file[fileKey] === 'string' ? (file[fileKey] as string) : undefined)

  const production = env.NODE_ENV === 'production' || env.NODE_ENV === 'staging'
  const dataDir = resolve(cwd, pick('EMPORIUM_DATA_DIR', 'dataDir') ?? '.emporium/data')
  let jwtSecret = pick('JWT_SECRET', 'jwtSecret')
  let cookieSecret = pick('COOKIE_SECRET', 'cookieSecret')
  if (!jwtSecret || !cookieSecret) {
    if (production) throw new Error('JWT_SECRET and COOKIE_SECRET must be set when NODE_ENV is production')
    const secrets = devSecrets(dataDir)
    jwtSecret ??= secrets.jwtSecret
    cookieSecret ??= secrets.cookieSecret
  }

  const fileFlags = (file.featureFlags ?? {}) as Partial<FeatureFlags>
  const featureFlags = Object.fromEntries(
    Object.entries(DEFAULT_FLAGS).map(([key, value]) => [
      key,
      flagFromEnv(env, key, fileFlags[key as keyof FeatureFlags] ?? value),
    ]),
  ) as unknown as FeatureFlags

  const mode = (pick('EMPORIUM_MODE', 'mode') ?? 'shared') as RunMode
  if (!['shared', 'server', 'worker'].includes(mode)) {
    throw new Error(`EMPORIUM_MODE must be shared, server or worker (got "${mode}")`)
  }
  const port = Number(pick('PORT', 'port') ?? 9000)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (got "${pick('PORT', 'port')}")`)
  const host = pick('HOST', 'host') ?? '127.0.0.1'
  const storeCacheTtl = pick('STORE_CACHE_TTL_MS', 'storeCacheTtlMs') ?? '1000'
  const storeCacheTtlMs = Number(storeCacheTtl)
  if (!Number.isInteger(storeCacheTtlMs) || storeCacheTtlMs < 0) {
    throw new Error(`STORE_CACHE_TTL_MS must be a whole number of milliseconds, 0 or more (got "${storeCacheTtl}")`)
  }

  const retention = pick('OUTBOX_RETENTION_DAYS', 'outboxRetentionDays') ?? '7'
  const outboxRetentionDays = Number(retention)
  if (retention.trim() === '' || !Number.isFinite(outboxRetentionDays) || outboxRetentionDays < 0) {
    throw new Error(`OUTBOX_RETENTION_DAYS must be a number of days, 0 or more (got "${retention}")`)
  }

  const keyRetention = pick('IDEMPOTENCY_KEY_RETENTION_HOURS', 'idempotencyKeyRetentionHours') ?? '24'
  const idempotencyKeyRetentionHours = Number(keyRetention)
  if (
    keyRetention.trim() === '' ||
    !Number.isFinite(idempotencyKeyRetentionHours) ||
    idempotencyKeyRetentionHours < 0
  ) {
    throw new Error(`IDEMPOTENCY_KEY_RETENTION_HOURS must be a number of hours, 0 or more (got "${keyRetention}")`)
  }

  const poolSize = pick('DATABASE_POOL_SIZE', 'databasePoolSize') ?? '10'
  const databasePoolSize = Number(poolSize)
  if (!Number.isInteger(databasePoolSize) || databasePoolSize < 1 || databasePoolSize > 1000) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "${poolSize}")`)
  }

  const processCount = pick('EMPORIUM_PROCESSES', 'processes') ?? '1'
  const processes = Number(processCount)
  if (!Number.isInteger(processes) || processes < 1 || processes > 256) {
    throw new Error(`EMPORIUM_PROCESSES must be a whole number from 1 to 256 (got "${processCount}")`)
  }

  const sameSite = pick('COOKIE_SAME_SITE', 'cookieSameSite')?.toLowerCase() || undefined
  if (sameSite !== undefined && !['lax', 'strict', 'none'].includes(sameSite)) {
    throw new Error(`COOKIE_SAME_SITE must be lax, strict or none (got "${sameSite}")`)
  }

  const emailTemplatesDir = pick('EMPORIUM_EMAIL_TEMPLATES_DIR', 'emailTemplatesDir') || undefined

  const trustProxy = parseTrustProxy(pick('TRUST_PROXY', 'trustProxy') ?? '')

  const prepared = pick('DATABASE_PREPARED_STATEMENTS', 'databasePreparedStatements') ?? 'true'
  if (!['true', 'false', '1', '0'].includes(prepared)) {
    throw new Error(`DATABASE_PREPARED_STATEMENTS must be true or false (got "${prepared}")`)
  }

  const docs = pick('EXPOSE_API_DOCS', 'exposeApiDocs')?.toLowerCase()
  if (docs !== undefined && !['true', 'false', '1', '0'].includes(docs)) {
    throw new Error(`EXPOSE_API_DOCS must be true or false (got "${docs}")`)
  }

  const metrics = pick('EMPORIUM_METRICS', 'metrics')?.toLowerCase()
  if (metrics !== undefined && !['true', 'false', '1', '0'].includes(metrics)) {
    throw new Error(`EMPORIUM_METRICS must be true or false (got "${metrics}")`)
  }

  const collector = pick('EMPORIUM_ADMIN_ANALYTICS_URL', 'adminAnalyticsUrl')
  let adminConnectOrigins: string[] = []
  if (collector) {
    try {
      adminConnectOrigins = [new URL(collector).origin]
    } catch {
      throw new Error(`EMPORIUM_ADMIN_ANALYTICS_URL must be a URL (got "${collector}")`)
    }
  }

  const seconds = (envKey: string, fileKey: string, fallback: number): number => {
    const raw = pick(envKey, fileKey) ?? String(fallback)
    const value = Number(raw)
    if (raw.trim() === '' || !Number.isInteger(value) || value < 0 || value > 31_536_000) {
      throw new Error(`${envKey} must be a whole number of seconds from 0 to 31536000 (got "${raw}")`)
    }
    return value
  }
  const shutdownTimeout = pick('EMPORIUM_SHUTDOWN_TIMEOUT_MS', 'shutdownTimeoutMs') ?? '20000'
  const shutdownTimeoutMs = Number(shutdownTimeout)
  if (!Number.isInteger(shutdownTimeoutMs) || shutdownTimeoutMs < 100 || shutdownTimeoutMs > 3_600_000) {
    throw new Error(
      `EMPORIUM_SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 100 to 3600000 (got "${shutdownTimeout}")`,
    )
  }
  const databaseReadUrls = (pick('DATABASE_READ_URL', 'databaseReadUrl') ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
  for (const url of databaseReadUrls) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error(
        `DATABASE_READ_URL must be postgres:// URLs, comma-separated (got "${url.replace(/\/\/[^@]*@/, '//…@')}")`,
      )
    }
  }
  const databaseUrl = pick('DATABASE_URL', 'databaseUrl') || undefined
  if (databaseReadUrls.length > 0 && !databaseUrl) {
    throw new Error(
      'DATABASE_READ_URL needs DATABASE_URL: replicas copy a PostgreSQL primary, not the embedded database',
    )
  }
  const maxLag = pick('DATABASE_READ_MAX_LAG_MS', 'databaseReadMaxLagMs') ?? '5000'
  const databaseReadMaxLagMs = Number(maxLag)
  if (!Number.isInteger(databaseReadMaxLagMs) || databaseReadMaxLagMs < 0) {
    throw new Error(`DATABASE_READ_MAX_LAG_MS must be a whole number of milliseconds, 0 or more (got "${maxLag}")`)
  }
  const tracing = pick('EMPORIUM_TRACING', 'tracing')?.toLowerCase()
  if (tracing !== undefined && !['true', 'false', '1', '0'].includes(tracing)) {
    throw new Error(`EMPORIUM_TRACING must be true or false (got "${tracing}")`)
  }
  const cdnPurgeUrl = pick('EMPORIUM_CDN_PURGE_URL', 'cdnPurgeUrl') || undefined
  if (cdnPurgeUrl && !/^https?:\/\/./.test(cdnPurgeUrl)) {
    throw new Error(`EMPORIUM_CDN_PURGE_URL must be an http(s) URL (got "${cdnPurgeUrl}")`)
  }

  return {
    port,
    host,
    databaseUrl,
    databasePoolSize,
    databasePreparedStatements: prepared === 'true' || prepared === '1',
    dataDir,
    redisUrl: pick('REDIS_URL', 'redisUrl') || undefined,
    mode,
    processes,
    jwtSecret,
    cookieSecret,
    storeCors: pick('STORE_CORS', 'storeCors') ?? DEFAULT_CORS,
    adminCors: pick('ADMIN_CORS', 'adminCors') ?? DEFAULT_CORS,
    cookieSameSite: sameSite as CookieSameSite | undefined,
    production,
    logLevel: pick('LOG_LEVEL', 'logLevel') ?? 'info',
    publicUrl: pick('EMPORIUM_PUBLIC_URL', 'publicUrl') ?? `http://localhost:${port}`,
    emailTemplatesDir: emailTemplatesDir ? resolve(cwd, emailTemplatesDir) : undefined,
    emailLocale: (pick('EMPORIUM_EMAIL_LOCALE', 'emailLocale') ?? 'en').toLowerCase(),
    featureFlags,
    authRateLimit: Number(pick('AUTH_RATE_LIMIT', 'authRateLimit') ?? 30),
    trustProxy,
    uploadMaxBytes: Number(pick('UPLOAD_MAX_BYTES', 'uploadMaxBytes') ?? 10 * 1024 * 1024),
    storeCacheTtlMs,
    outboxRetentionDays,
    idempotencyKeyRetentionHours,
    exposeApiDocs: docs === undefined ? !production : docs === 'true' || docs === '1',
    adminAnalyticsUrl: collector || undefined,
    adminConnectOrigins,
    metricsEnabled: metrics === 'true' || metrics === '1',
    metricsToken: pick('EMPORIUM_METRICS_TOKEN', 'metricsToken') || undefined,
    httpCacheMaxAgeS: seconds('EMPORIUM_HTTP_CACHE_MAX_AGE', 'httpCacheMaxAge', 0),
    cdnMaxAgeS: seconds('EMPORIUM_CDN_MAX_AGE', 'cdnMaxAge', 60),
    cdnPurgeUrl,
    cdnPurgeToken: pick('EMPORIUM_CDN_PURGE_TOKEN', 'cdnPurgeToken') || undefined,
    shutdownTimeoutMs,
    tracing: tracing === 'true' || tracing === '1',
    databaseReadUrls,
    databaseReadMaxLagMs,
  }
}
