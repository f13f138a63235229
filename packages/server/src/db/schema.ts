// Every table, for drizzle's relational queries. Modules own their tables; this file only gathers
// them, in the module order of ARCHITECTURE.md.
export * from '../events/schema.js'
export * from '../http/session-schema.js'
export * from '../modules/store/schema.js'
export * from '../modules/users/schema.js'
export * from '../modules/notifications/schema.js'
export * from '../modules/regions/schema.js'
export * from '../modules/sales-channels/schema.js'
export * from '../modules/catalog/schema.js'
export * from '../modules/customers/schema.js'
export * from '../modules/tax/schema.js'
export * from '../modules/shipping/schema.js'
