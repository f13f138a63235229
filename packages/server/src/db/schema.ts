// The tables drizzle's relational queries (`db.query.table.findMany`) may reach, with their
// relations. Only these: drizzle builds a query builder per table listed here for every
// transaction it opens, and every other read and write uses the SQL-like builders, which need none.
export { region } from '../modules/regions/schema.js'
export { salesChannel } from '../modules/sales-channels/schema.js'
export { currency, store, storeCurrency, storeRelations, storeCurrencyRelations } from '../modules/store/schema.js'
export {
  shippingOption,
  shippingOptionRelations,
  shippingOptionRequirement,
  shippingOptionRequirementRelations,
  shippingProfile,
  shippingProfileRelations,
} from '../modules/shipping/schema.js'
