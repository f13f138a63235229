import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import * as drizzle from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { pgTable, text } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import * as schema from '../schema.js'

/**
 * The internals of drizzle-orm and pg the fast path relies on (README.md here). An upgrade that
 * moves one fails here, naming what moved, before a statement goes wrong at run time; the
 * versions are pinned exactly in package.json so that no install upgrades them unseen.
 */
const require = createRequire(import.meta.url)
const probe = pgTable('internals_probe', { id: text('id').primaryKey(), label: text('label') })

// A pool that never connects: building statements and clients needs no server.
const db = drizzlePg(new pg.Pool({ host: '127.0.0.1', port: 1 }), { schema })

const pinned = (name: string) =>
  (require('../../../package.json') as { dependencies: Record<string, string> }).dependencies[name]
/** The version installed, read from the package's own package.json beside its entry (not exported). */
function installed(name: string): string {
  for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version: string }
      if (manifest.name === name) return manifest.version
    } catch {
      // no package.json at this level
    }
  }
  throw new Error(`${name} is not installed`)
}

describe('the fast path’s footing', () => {
  it.each(['drizzle-orm', 'pg'])('%s is pinned to one version, the one installed', (name) => {
    expect(pinned(name), `${name} must be pinned exactly in package.json (see db/fast-path/README.md)`).toMatch(
      /^\d+\.\d+\.\d+$/,
    )
    expect(installed(name), `${name} installed differs from its pin: run this file after any upgrade`).toBe(
      pinned(name),
    )
  })

  it('drizzle-orm exports orderSelectedFields (prepared.ts flattens selections with it)', () => {
    expect(
      typeof (drizzle as unknown as Record<string, unknown>).orderSelectedFields,
      'drizzle-orm orderSelectedFields moved',
    ).toBe('function')
  })

  it('a session prepares any query under a name (prepared.ts runs kept statements with it)', () => {
    const session = (db as unknown as { _: { session: { prepareQuery?: unknown } } })._.session
    expect(typeof session.prepareQuery, 'drizzle session.prepareQuery moved').toBe('function')
    expect(
      (session.prepareQuery as (...args: unknown[]) => unknown).length,
      'prepareQuery changed its parameters',
    ).toBeGreaterThanOrEqual(5)
  })

  it('builders carry their configuration where prepared.ts reads it', () => {
    const select = db
      .select()
      .from(probe)
      .leftJoin(schema.region, drizzle.sql`true`) as unknown as {
      config: { fields?: unknown }
      joinsNotNullableMap?: unknown
    }
    expect(select.config.fields, 'select builder config.fields moved').toBeTypeOf('object')
    expect(select.joinsNotNullableMap, 'select builder joinsNotNullableMap moved').toBeTypeOf('object')
    const insert = db.insert(probe).values({ id: 'a' }).returning() as unknown as { config: Record<string, unknown> }
    expect(insert.config.table, 'insert builder config.table moved').toBe(probe)
    expect(insert.config.values, 'insert builder config.values moved').toBeDefined()
    expect(insert.config.returning, 'insert builder config.returning moved').toBeDefined()
    const update = db.update(probe).set({ label: 'b' }) as unknown as { config: Record<string, unknown> }
    expect(update.config.set, 'update builder config.set moved').toBeTypeOf('object')
  })

  it('a relational query is recognised and maps its rows (prepared.ts keeps its mapper)', () => {
    const query = db.query.store.findFirst({ with: { currencies: true } }) as unknown as {
      constructor: Record<symbol, unknown>
      _prepare(name: string): { customResultMapper?: unknown }
    }
    expect(query.constructor[drizzle.entityKind], 'the relational query entity kind changed').toBe('PgRelationalQuery')
    expect(typeof query._prepare('probe').customResultMapper, 'relational _prepare().customResultMapper moved').toBe(
      'function',
    )
  })

  it('a pg client writes through a socket that corks, and its query can be overridden (cork.ts, early-begin.ts, named-statements.ts)', () => {
    const client = new pg.Client({ host: '127.0.0.1', port: 1 }) as unknown as {
      connection?: { stream?: { cork?: unknown; uncork?: unknown } }
      query: unknown
    }
    expect(typeof client.connection?.stream?.cork, 'pg client.connection.stream moved').toBe('function')
    expect(typeof client.connection?.stream?.uncork, 'pg client.connection.stream moved').toBe('function')
    expect(typeof pg.Client.prototype.query, 'pg Client.prototype.query moved').toBe('function')
  })
})
