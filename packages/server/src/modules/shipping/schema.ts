import { relations } from 'drizzle-orm'
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { metadataColumn, softDeletableColumns, timestamptz } from '../../db/columns.js'
import { region } from '../regions/schema.js'
import { fulfillmentProvider } from '../store/schema.js'

export type ShippingProfileType = 'default' | 'gift_card' | 'custom'
export type ShippingOptionPriceType = 'flat_rate' | 'calculated'
export type RequirementType = 'min_subtotal' | 'max_subtotal'

export const shippingProfile = pgTable('shipping_profile', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  type: text('type').$type<ShippingProfileType>().notNull(),
  metadata: metadataColumn(),
})

export const shippingOption = pgTable('shipping_option', {
  ...softDeletableColumns(),
  name: text('name').notNull(),
  region_id: text('region_id')
    .notNull()
    .references(() => region.id),
  profile_id: text('profile_id')
    .notNull()
    .references(() => shippingProfile.id),
  provider_id: text('provider_id')
    .notNull()
    .references(() => fulfillmentProvider.id),
  price_type: text('price_type').$type<ShippingOptionPriceType>().notNull(),
  amount: integer('amount'),
  is_return: boolean('is_return').notNull().default(false),
  admin_only: boolean('admin_only').notNull().default(false),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  includes_tax: boolean('includes_tax').notNull().default(false),
  metadata: metadataColumn(),
})

export const shippingOptionRequirement = pgTable('shipping_option_requirement', {
  id: text('id').primaryKey(),
  shipping_option_id: text('shipping_option_id')
    .notNull()
    .references(() => shippingOption.id, { onDelete: 'cascade' }),
  type: text('type').$type<RequirementType>().notNull(),
  amount: integer('amount').notNull(),
  deleted_at: timestamptz('deleted_at'),
})

export const shippingProfileRelations = relations(shippingProfile, ({ many }) => ({
  shipping_options: many(shippingOption),
}))

export const shippingOptionRelations = relations(shippingOption, ({ one, many }) => ({
  region: one(region, { fields: [shippingOption.region_id], references: [region.id] }),
  profile: one(shippingProfile, { fields: [shippingOption.profile_id], references: [shippingProfile.id] }),
  requirements: many(shippingOptionRequirement),
}))

export const shippingOptionRequirementRelations = relations(shippingOptionRequirement, ({ one }) => ({
  shipping_option: one(shippingOption, {
    fields: [shippingOptionRequirement.shipping_option_id],
    references: [shippingOption.id],
  }),
}))
