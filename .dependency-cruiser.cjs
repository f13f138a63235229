/**
 * The server's import rules (`npm run lint:deps`, part of `npm run lint`): see docs/architecture.md.
 *
 * Layers, each importing only those below it: app (app.ts, main.ts, seed/…) → http → modules →
 * providers → core → events → db. Modules import only modules before them in MODULE_ORDER; a
 * later module plugs into an earlier one through a seam (core/seams.ts). Tests and test helpers
 * may reach across, as integration tests do.
 */
const SRC = '^packages/server/src'

/** Earliest first. `providers` (the interfaces of gateways, mail and files) comes before every module. */
const MODULE_ORDER = [
  'providers',
  'notifications',
  'uploads',
  'users',
  'notes',
  'store',
  'sales-channels',
  'regions',
  'catalog',
  'customers',
  'price-lists',
  'promotions',
  'shipping',
  'tax',
  'inventory',
  'carts',
  'orders',
  'payment-collections',
  'batch-jobs',
  'analytics',
]

const folderOf = (name) => (name === 'providers' ? `${SRC}/providers/` : `${SRC}/modules/${name}/`)

const laterModules = MODULE_ORDER.slice(0, -1).map((name, index) => ({
  name: `module-order:${name}`,
  severity: 'error',
  comment: `${name} may import only modules before it (${MODULE_ORDER.slice(0, index).join(', ') || 'none'}); a later one plugs in through a seam (core/seams.ts)`,
  from: { path: folderOf(name) },
  to: { path: MODULE_ORDER.slice(index + 1).map(folderOf) },
}))

/** The files that may use the fast path, which reaches into drizzle-orm's and pg's internals (db/fast-path/README.md). */
const FAST_PATH_USERS = [
  `${SRC}/db/fast-path/`,
  `${SRC}/db/(connection|transactions|sweeper)\\.ts$`,
  `${SRC}/core/idempotency\\.ts$`,
  `${SRC}/events/outbox\\.ts$`,
  `${SRC}/modules/(carts|orders|catalog|price-lists|inventory|payment-collections|shipping|tax|customers|promotions|regions|store|sales-channels|batch-jobs)/`,
]

module.exports = {
  forbidden: [
    {
      name: 'layer:db',
      severity: 'error',
      comment:
        'db/ is the bottom layer: it imports nothing of ours above it (db/schema.ts, the relational-query registry, aside)',
      from: { path: `${SRC}/db/`, pathNot: `${SRC}/db/schema\\.ts$` },
      to: { path: `${SRC}/(events|core|providers|modules|http|seed)/|${SRC}/(app|main|cluster|modules)\\.ts$` },
    },
    {
      name: 'layer:events',
      severity: 'error',
      comment: 'events/ sits on db/ only',
      from: { path: `${SRC}/events/` },
      to: { path: `${SRC}/(core|providers|modules|http|seed)/|${SRC}/(app|main|cluster|modules)\\.ts$` },
    },
    {
      name: 'layer:core',
      severity: 'error',
      comment: 'core/ holds what every layer shares; it imports only events/ and db/',
      from: { path: `${SRC}/core/` },
      to: { path: `${SRC}/(providers|modules|http|seed)/|${SRC}/(app|main|cluster|modules)\\.ts$` },
    },
    {
      name: 'layer:modules',
      severity: 'error',
      comment: 'modules (and providers) import core/, events/, db/ and earlier modules, never http/ or the app',
      from: { path: `${SRC}/(modules|providers)/` },
      to: { path: `${SRC}/(http|seed)/|${SRC}/(app|main|cluster|modules)\\.ts$` },
    },
    {
      name: 'layer:http',
      severity: 'error',
      comment: 'http/ (the app plugins) never imports the app that registers it',
      from: { path: `${SRC}/http/` },
      to: { path: `${SRC}/seed/|${SRC}/(app|main|cluster|modules)\\.ts$` },
    },
    {
      name: 'http-through-services',
      severity: 'error',
      comment: 'http/ reaches a module through its service, never its tables',
      from: { path: `${SRC}/http/` },
      to: { path: `${SRC}/modules/[^/]+/schema\\.ts$` },
    },
    ...laterModules,
    {
      name: 'fast-path',
      severity: 'error',
      comment:
        'db/fast-path/ relies on drizzle-orm and pg internals: only the listed users may import it (db/fast-path/README.md)',
      from: { path: SRC, pathNot: FAST_PATH_USERS },
      to: { path: `${SRC}/db/fast-path/` },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment: 'two folders that import each other cannot be layered: move the shared part down, or use a seam',
      scope: 'folder',
      // Layers and modules; the sub-folders of one module may lean on each other.
      from: { path: `${SRC}/(modules/[^/]+|[^/]+)$` },
      to: { circular: true },
    },
    {
      name: 'orders-admin-below-operations',
      severity: 'error',
      comment:
        "orders/admin/ is the order's core (state, claim, wire shapes); payments/ and fulfillments/ build on it and register their own routes, never the other way",
      from: { path: `${SRC}/modules/orders/admin/` },
      to: { path: `${SRC}/modules/orders/(payments|fulfillments)/` },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'files that import each other (types aside) load in an order that depends on who is imported first',
      from: { path: `${SRC}/` },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    includeOnly: `${SRC}/`,
    // db/schema.ts, drizzle's relational-query registry, names tables of modules for the connection
    // to know: the one place the bottom layer sees modules, kept out of the layering.
    exclude: { path: ['\\.test\\.ts$', `${SRC}/testing/`, `${SRC}/db/(schema|types)\\.ts$`] },
    tsPreCompilationDeps: true,
  },
}
