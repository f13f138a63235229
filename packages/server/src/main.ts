#!/usr/bin/env node
import cluster from 'node:cluster'
import { parseArgs } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.js'
import { startProcesses } from './cluster.js'
import { storefrontIsBuilt } from './http/storefront.js'
import { adminIsBuilt } from './http/web-apps.js'
import { loadConfig, type Config } from './config.js'
import { openDatabase, type Database } from './db/connection.js'
import { startTracing } from './tracing.js'
import { migrate } from './db/migrate.js'
import { createUser } from './modules/users/service.js'
import { hasStaff, isEmptyStore, readDemoLogin, seedDemoStore } from './seed/demo.js'
import { describeCreated, readSeedFile, SeedFileError, seedFromFile } from './seed/file.js'

const USAGE = `Usage: emporium <command> [options]

Commands:
  start [--no-migrate] [--no-seed]   migrate, seed a demo store on an empty database, and serve
  worker                             deliver events and run jobs only (needs PostgreSQL)
  migrate                            apply pending database migrations
  seed                               seed the demo store into an empty database
  seed --file seed.json              load a Medusa v1 seed file (store, users, regions, shipping
                                     options, collections, categories, products, keys)
  user create --email E --password P [--role admin|member|developer]
                                     create a staff user

Configuration comes from the environment (see README): PORT, HOST, DATABASE_URL, REDIS_URL, …
Without DATABASE_URL the embedded database in ./.emporium/data is used; stop the server before
running migrate, seed or user create against it.`

/** Flushes and stops OpenTelemetry when `EMPORIUM_TRACING` turned it on. */
let stopTracing: (() => Promise<void>) | undefined

function fail(message: string): never {
  process.stderr.write(`error: ${message}\n`)
  process.exit(1)
}

async function openMigrated(config: Config, runMigrations = true): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    traceStatements: config.tracing,
  })
  if (runMigrations) {
    const applied = await migrate(database)
    if (applied.length > 0) console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
  }
  return database
}

function describeDatabase(config: Config): string {
  return config.databaseUrl
    ? `PostgreSQL (${config.databaseUrl.replace(/\/\/[^@]*@/, '//…@')})`
    : `PGlite (${config.dataDir})`
}

/**
 * Stops accepting connections, lets in-flight requests and the job or event in hand finish, then
 * closes the database; exits 1 if that takes longer than `EMPORIUM_SHUTDOWN_TIMEOUT_MS`, so an
 * orchestrator's stop never hangs on a request that does not end.
 */
function closeGracefully(app: FastifyInstance, database: Database, timeoutMs: number): void {
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took longer than EMPORIUM_SHUTDOWN_TIMEOUT_MS; exiting')
      process.exit(1)
    }, timeoutMs)
    force.unref()
    app
      .close()
      .then(() => database.close())
      .then(() => stopTracing?.())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      })
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

async function start(config: Config, flags: { migrate: boolean; seed: boolean }): Promise<void> {
  if (config.mode !== 'shared' && !config.databaseUrl) {
    fail(`EMPORIUM_MODE=${config.mode} needs PostgreSQL (DATABASE_URL): the embedded database lives in one process`)
  }
  if (config.processes > 1 && !config.databaseUrl) {
    fail('EMPORIUM_PROCESSES above 1 needs PostgreSQL (DATABASE_URL): the embedded database lives in one process')
  }
  // One of several server processes: the first process has migrated and seeded.
  if (cluster.isWorker) {
    await serve(config, await openMigrated(config, false))
    return
  }
  console.log(`Database: ${describeDatabase(config)}`)
  const database = await openMigrated(config, flags.migrate)
  if (flags.seed && (await isEmptyStore(database.db))) {
    console.log('Empty database: seeding a demo store…')
    await seedDemoStore(database.db, config, { progress: true })
  }
  if (config.processes === 1) {
    const port = await serve(config, database)
    return printWelcome(config, database, port, 1)
  }
  const processes = await startProcesses(config.processes).catch((error: Error) => fail(error.message))
  await printWelcome(config, database, processes.port, config.processes)
  await database.close()
}

/** Serves the API and the web apps on the configured port until a signal stops it; answers the port. */
async function serve(config: Config, database: Database): Promise<number> {
  // Connections open on first use: a replica that is down at start is skipped until it answers.
  const readDatabases = await Promise.all(
    config.databaseReadUrls.map((url) =>
      openDatabase({
        url,
        poolSize: config.databasePoolSize,
        preparedStatements: config.databasePreparedStatements,
        traceStatements: config.tracing,
      }),
    ),
  )
  const app = await buildApp({ config, database, readDatabases })
  closeGracefully(app, database, config.shutdownTimeoutMs)
  await app.listen({ port: config.port, host: config.host })
  return (app.server.address() as { port: number }).port
}

const FIRST_ADMIN_HINT = [
  '  No staff user yet. Create the first admin:',
  "    npx emporium user create --email you@example.com --password '…' --role admin",
].join('\n')

async function printWelcome(config: Config, database: Database, port: number, processes: number): Promise<void> {
  const url = `http://localhost:${port}`
  const [login, staff] = await Promise.all([readDemoLogin(database.db, config), hasStaff(database.db)])
  console.log(
    [
      '',
      processes > 1 ? `Emporium is running on ${url} (${processes} server processes)` : `Emporium is running on ${url}`,
      storefrontIsBuilt() ? `  Storefront    ${url}/` : undefined,
      adminIsBuilt() ? `  Admin         ${url}/app` : undefined,
      config.exposeApiDocs ? `  API docs      ${url}/docs` : undefined,
      `  Store API     ${url}/store`,
      `  Admin API     ${url}/admin`,
      login?.publishableKey ? `  Publishable key  ${login.publishableKey}` : undefined,
      login?.email && login.password ? `  Admin login   ${login.email} / ${login.password}` : undefined,
      staff ? undefined : FIRST_ADMIN_HINT,
      '',
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
  )
}

async function worker(config: Config): Promise<void> {
  if (!config.databaseUrl) fail('worker needs DATABASE_URL (PostgreSQL): the embedded database lives in one process')
  const database = await openMigrated(config, false)
  const app = await buildApp({ config: { ...config, mode: 'worker' }, database })
  closeGracefully(app, database, config.shutdownTimeoutMs)
  await app.ready()
  console.log('Emporium worker is delivering events and running batch jobs. Stop with Ctrl+C.')
}

async function seedFile(config: Config, path: string): Promise<void> {
  const data = await readSeedFile(path).catch((error: Error) => fail(error.message))
  console.log(`Database: ${describeDatabase(config)}`)
  const database = await openMigrated(config)
  try {
    const { created } = await seedFromFile(database.db, data, {
      progress: true,
      warn: (message) => console.warn(`  ! ${message}`),
      flags: config.featureFlags,
    })
    console.log(`Seeded from ${path}: ${describeCreated(created)}.`)
  } catch (error) {
    await database.close()
    if (error instanceof SeedFileError) fail(error.message)
    throw error
  }
  return database.close()
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'no-migrate': { type: 'boolean', default: false },
      'no-seed': { type: 'boolean', default: false },
      file: { type: 'string', short: 'f' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  const [command, sub] = positionals
  if (values.help || !command) {
    console.log(USAGE)
    return
  }
  const config = loadConfig()
  if (config.tracing && (command === 'start' || command === 'worker')) stopTracing = startTracing()
  switch (command) {
    case 'start':
      return start(config, { migrate: !values['no-migrate'], seed: !values['no-seed'] })
    case 'worker':
      return worker(config)
    case 'migrate': {
      console.log(`Database: ${describeDatabase(config)}`)
      const database = await openDatabase({
        url: config.databaseUrl,
        dataDir: config.dataDir,
        poolSize: config.databasePoolSize,
      })
      const applied = await migrate(database)
      console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.')
      return database.close()
    }
    case 'seed': {
      if (values.file) return seedFile(config, values.file)
      const database = await openMigrated(config)
      if (!(await isEmptyStore(database.db))) {
        console.log('The database already has a store; nothing seeded.')
      } else {
        await seedDemoStore(database.db, config, { progress: true })
        const login = await readDemoLogin(database.db, config)
        console.log(
          login?.email && login.password
            ? `Seeded the demo store. Admin login: ${login.email} / ${login.password}`
            : `Seeded the demo store.\n${FIRST_ADMIN_HINT}`,
        )
      }
      return database.close()
    }
    case 'user': {
      if (sub !== 'create') fail(`unknown user command "${sub ?? ''}"\n\n${USAGE}`)
      if (!values.email || !values.password) fail('user create needs --email and --password')
      const role = values.role as 'admin' | 'member' | 'developer'
      if (!['admin', 'member', 'developer'].includes(role)) fail('--role must be admin, member or developer')
      const database = await openMigrated(config)
      try {
        const user = await createUser(database.db, { email: values.email, password: values.password, role })
        console.log(`Created ${user.role} ${user.email} (${user.id})`)
      } catch (error) {
        fail((error as Error).message)
      } finally {
        await database.close()
      }
      return
    }
    default:
      fail(`unknown command "${command}"\n\n${USAGE}`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`error: ${(error as Error).stack ?? String(error)}\n`)
  process.exit(1)
})
