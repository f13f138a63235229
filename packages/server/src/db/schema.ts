// The tables drizzle's relational queries (`db.query.table.findMany`) may reach, with their
// relations. Only these: drizzle builds a query builder per table listed here for every
// transaction it opens, and every other read and write uses the SQL-like builders, which need none.
// It is the one file below modules/ that imports them (see .dependency-cruiser.cjs).
import { relations } from 'drizzle-orm'
import { salesChannel } from '../modules/sales-channels/schema.js'
import { currency, store, storeCurrency } from '../modules/store/schema.js'

export { region } from '../modules/regions/schema.js'
export { currency, salesChannel, store, storeCurrency }
export {
  shippingOption,
  shippingOptionRelations,
  shippingOptionRequirement,
  shippingOptionRequirementRelations,
  shippingProfile,
  shippingProfileRelations,
} from '../modules/shipping/schema.js'

export const storeRelations = relations(store, ({ one, many }) => ({
  default_currency: one(currency, { fields: [store.default_currency_code], references: [currency.code] }),
  default_sales_channel: one(salesChannel, { fields: [store.default_sales_channel_id], references: [salesChannel.id] }),
  currencies: many(storeCurrency),
}))

export const storeCurrencyRelations = relations(storeCurrency, ({ one }) => ({
  store: one(store, { fields: [storeCurrency.store_id], references: [store.id] }),
  currency: one(currency, { fields: [storeCurrency.currency_code], references: [currency.code] }),
}))
