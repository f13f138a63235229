import cookie from '@fastify/cookie'
import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import session from '@fastify/session'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import qs from 'qs'
import type { Config } from './config.js'
import type { Database } from './db/connection.js'
import { generateId } from './db/ids.js'
import type { EventBus } from './events/bus.js'
import { createEventBus } from './events/factory.js'
import { countPendingEvents } from './events/outbox.js'
import { registerAdminAuth } from './http/admin-auth.js'
import { registerCustomerAuth } from './http/customer-auth.js'
import { sessionCookieSameSite } from './http/cookie-site.js'
import { registerCdnCache } from './http/cdn-cache.js'
import { registerCdnPurge } from './http/cdn-purge.js'
import { registerCors } from './http/cors.js'
import { registerRequestSpans } from './http/tracing.js'
import { registerReplicaRouting } from './http/replica-routing.js'
import { ReadReplicas } from './db/read-replicas.js'
import { handleFrameworkError, registerErrorHandler } from './http/error-handler.js'
import { registerIdempotencyKeySweep } from './http/idempotency-sweep.js'
import { registerJsonBodyParser } from './http/json-body.js'
import { registerMetrics } from './http/metrics.js'
import { registerReadiness } from './http/readiness.js'
import { registerLoginAttemptSweep } from './core/login-throttle.js'
import type { RouteSummary } from './http/fastify-types.js'
import { registerStoreCache } from './http/micro-cache.js'
import { registerPublishableKeyScope } from './http/publishable-key.js'
import { refuseNulCharactersInUrl } from './http/nul-characters.js'
import { refuseNestedQueryLists } from './http/query-shapes.js'
import { serializerCompiler } from './http/serializer.js'
import { DatabaseSessionStore } from './http/session-store.js'
import { formatValidationErrors, validatorCompiler } from './core/validation.js'
import { webAppRoutes, type WebAppsOptions } from './http/web-apps.js'
import { modules } from './modules.js'
import { LocalFileProvider } from './providers/file.js'
import { defaultFulfillmentProviders } from './providers/fulfillment.js'
import { LogNotificationProvider } from './modules/notifications/log-provider.js'
import { defaultPaymentProviders } from './providers/payment.js'
import { DEFAULT_PROVIDER_IDS, type Providers } from './providers/registry.js'

export interface BuildAppOptions {
  config: Config
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Replace the event bus (the Redis-backed one, or a test's). Defaults to in-process delivery. */
  events?: EventBus
  /** Read replicas (`DATABASE_READ_URL`), opened by the caller; closed with the app. */
  readDatabases?: Database[]
  /** Where the built web apps are; defaults to the workspace's apps/admin/dist. */
  webApps?: WebAppsOptions
}

const SESSION_TTL_MS = 10 * 60 * 60 * 1000
const SESSION_COOKIE = 'connect.sid'

/** Builds the HTTP application; it never listens (the CLI and tests decide how to serve it). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-medusa-access-token"]'],
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id']
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : generateId('req')
    },
    schemaErrorFormatter: formatValidationErrors,
    frameworkErrors: handleFrameworkError,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: {
      ignoreTrailingSlash: true,
      querystringParser: (query) => qs.parse(query, { arrayLimit: 20, depth: 5, parameterLimit: 1000 }),
    },
  }).withTypeProvider<TypeBoxTypeProvider>()

  // First, so that a request's span covers every hook and is the parent of its statements.
  if (config.tracing) registerRequestSpans(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerJsonBodyParser(app)
  app.decorate('config', config)
  const replicas = options.readDatabases?.length
    ? new ReadReplicas(database.db, options.readDatabases, { maxLagMs: config.databaseReadMaxLagMs })
    : undefined
  app.decorate('db', replicas ? replicas.db : database.db)
  app.decorate('replicas', replicas)
  if (replicas) {
    app.addHook('onReady', () => replicas.start())
    app.addHook('onClose', () => replicas.stop())
  }
  app.decorate('events', options.events ?? createEventBus(database.db, config, app.log))
  app.addHook('onReady', () => app.events.start())
  app.addHook('onClose', () => app.events.stop())
  registerIdempotencyKeySweep(app)
  registerLoginAttemptSweep(app)
  const providers: Providers = {
    ...DEFAULT_PROVIDER_IDS,
    fulfillmentProviders: defaultFulfillmentProviders(),
    paymentProviders: defaultPaymentProviders({ production: config.production }),
    notification: new LogNotificationProvider(app.log),
    file: new LocalFileProvider({ dataDir: config.dataDir, publicUrl: config.publicUrl, secret: config.cookieSecret }),
  }
  app.decorate('providers', providers)

  // Every route as registered, so checks such as "each /admin route needs auth" cover routes added later.
  const routes: RouteSummary[] = []
  app.decorate('routeList', routes)
  app.decorate('seams', {})
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, auth: route.config?.auth !== false })
    }
  })

  // Requests still running at shutdown end their keep-alive connection, so closing never waits on
  // a client that holds an idle socket open.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    if (closing) reply.header('connection', 'close')
  })
  // A write's events are in the outbox once its response is ready; ask for delivery right away.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') app.events.kick()
  })

  registerErrorHandler(app)
  await app.register(helmet, {
    // The admin and storefront are served from this origin and load their own scripts and styles.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  })
  await registerCors(app)
  // Before the micro-cache, whose entries then keep the ETag and surrogate keys computed on a miss.
  registerCdnCache(app, {
    browserMaxAgeS: config.httpCacheMaxAgeS,
    cdnMaxAgeS: config.cdnMaxAgeS,
    sessionCookie: SESSION_COOKIE,
  })
  registerCdnPurge(app)
  if (replicas) registerReplicaRouting(app, replicas, SESSION_COOKIE)
  // Before the cookie, session and auth hooks, so that a cached answer costs none of their work.
  registerStoreCache(app, {
    ttlMs: config.mode === 'worker' ? 0 : config.storeCacheTtlMs,
    sessionCookie: SESSION_COOKIE,
    redisUrl: config.redisUrl,
  })
  await app.register(rateLimit, { global: false })
  await app.register(cookie)
  const sameSite = sessionCookieSameSite(config)
  await app.register(session, {
    secret: config.cookieSecret,
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: false,
    store: new DatabaseSessionStore(database.db),
    cookie: {
      path: '/',
      httpOnly: true,
      maxAge: SESSION_TTL_MS,
      // Browsers accept SameSite=None only on a Secure cookie.
      secure: config.production || sameSite === 'none',
      sameSite,
    },
  })
  // Guards attached to each route of their domain as it is registered, so before any module.
  registerAdminAuth(app)
  registerPublishableKeyScope(app)
  // Every /store route may know its customer (prices by customer group, own orders).
  registerCustomerAuth(app)
  // After authentication: a caller who may not use a route learns nothing of its parameters.
  refuseNulCharactersInUrl(app)
  refuseNestedQueryLists(app)

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Emporium API',
        version: '0.1.0',
        description: 'Storefront and admin REST APIs (Medusa v1 compatible).',
      },
      components: {
        securitySchemes: {
          cookie_auth: { type: 'apiKey', in: 'cookie', name: 'connect.sid' },
          jwt_token: { type: 'http', scheme: 'bearer' },
          api_token: { type: 'apiKey', in: 'header', name: 'x-medusa-access-token' },
        },
      },
    },
  })
  // The document is always built (tests read it); it is served in production only when asked for.
  if (config.exposeApiDocs) {
    await app.register(swaggerUi, { routePrefix: '/docs' })
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
  }
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain').send('OK'))
  registerReadiness(app)
  // Before the modules, so that every route of theirs is counted.
  if (config.metricsEnabled) {
    const { events } = app
    registerMetrics(app, {
      token: config.metricsToken,
      sources: {
        poolStats: database.poolStats,
        outboxBacklog: () => countPendingEvents(database.db),
        queueDepth: events.queueDepth && (() => events.queueDepth!()),
        replicas: replicas && (() => replicas.status()),
      },
    })
  }

  for (const register of modules) await register(app)
  await webAppRoutes(app, options.webApps)
  return app
}
