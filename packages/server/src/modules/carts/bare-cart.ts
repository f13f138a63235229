import { sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { rowReader } from '../../db/json-rows.js'
import { prepared } from '../../db/fast-path/prepared.js'
import { RELAXED_COMMIT } from '../../db/fast-path/relaxed-commit.js'
import type { Db } from '../../db/types.js'
import { NotFound } from '../../core/errors.js'
import { outbox } from '../../events/schema.js'
import { address, customer } from '../customers/schema.js'
import { country, region } from '../regions/schema.js'
import { salesChannel } from '../sales-channels/schema.js'
import { store } from '../store/schema.js'
import { regionFromJson, regionJson, type CartFlags, type CartRegion, type CartRow, type RegionJson } from './loader.js'
import { cart } from './schema.js'
import type { AddressRow } from '../customers/addresses.js'
import type { SalesChannelRow } from '../sales-channels/service.js'
import { rowsOf } from '../../db/raw-rows.js'

/**
 * A cart without lines, made in one statement: the region, the sales channel, the customer and the
 * shipping country are looked up and checked in the statement that inserts the cart, its shipping
 * address and its `cart.created` event, so creating a cart costs one round trip instead of two (a
 * read, then the writes). The statement only ever inserts what `createCart` would; when one of its
 * checks fails it inserts nothing, and `createCart` then takes its general path, which names the
 * problem (or, if the data changed in between, makes the cart).
 */

const p = (name: string) => sql.placeholder(name)

/** The region asked for, else the first one, as `createCart`'s `firstRegionId` picks it. */
const cartRegionId = sql`coalesce(${p('regionId')}::text, (SELECT f.id FROM ${region} f
  WHERE f.deleted_at IS NULL ORDER BY f.created_at, f.id LIMIT 1))`

/** The store's default channel, as `retrieveStoreDefaultChannel` reads it. */
const storeDefaultChannelId = sql`(SELECT st.default_sales_channel_id FROM ${store} st
  JOIN ${salesChannel} d ON d.id = st.default_sales_channel_id AND d.deleted_at IS NULL
  ORDER BY st.created_at, st.id LIMIT 1)`

const statement = prepared('cart_create_bare', (db) =>
  db.execute(sql`
    WITH chosen_region AS (
      SELECT rg.id FROM ${region} rg WHERE rg.id = ${cartRegionId} AND rg.deleted_at IS NULL
    ), channel AS (
      SELECT s.* FROM ${salesChannel} s
      WHERE ${p('useChannels')}::boolean AND s.deleted_at IS NULL
        AND s.id = coalesce(${p('channelId')}::text, ${storeDefaultChannelId})
    ), owner AS (
      SELECT c.id, c.email FROM ${customer} c WHERE c.id = ${p('customerId')}::text AND c.deleted_at IS NULL
    ), checked AS (
      SELECT r.id AS region_id,
        coalesce(${p('countryCode')}::text, (SELECT min(c.iso_2) FROM ${country} c WHERE c.region_id = r.id
          HAVING count(*) = 1)) AS country_code
      FROM chosen_region r
      WHERE (NOT ${p('useChannels')}::boolean OR CASE WHEN EXISTS (SELECT 1 FROM channel)
          THEN NOT (SELECT is_disabled FROM channel) ELSE ${p('channelId')}::text IS NULL END)
        AND (${p('customerId')}::text IS NULL OR EXISTS (SELECT 1 FROM owner))
        AND (${p('countryCode')}::text IS NULL
          OR EXISTS (SELECT 1 FROM ${country} c WHERE c.region_id = r.id AND c.iso_2 = ${p('countryCode')}::text))
    ), shipping_address AS (
      INSERT INTO ${address} (id, country_code)
      SELECT ${p('addressId')}::text, checked.country_code FROM checked WHERE checked.country_code IS NOT NULL
      RETURNING *
    ), inserted AS (
      INSERT INTO ${cart} (id, region_id, sales_channel_id, customer_id, email, shipping_address_id, context)
      SELECT ${p('id')}::text, checked.region_id, (SELECT id FROM channel), (SELECT id FROM owner),
        (SELECT email FROM owner), (SELECT id FROM shipping_address), ${p('context')}::text::jsonb
      FROM checked
      RETURNING *
    ), event AS (
      INSERT INTO ${outbox} (id, event_name, data)
      SELECT ${p('eventId')}::text, 'cart.created', jsonb_build_object('id', inserted.id) FROM inserted
    )
    SELECT to_json(inserted) AS cart,
      (SELECT to_json(a) FROM shipping_address a) AS shipping_address,
      (SELECT to_json(s) FROM channel s) AS sales_channel,
      ${regionJson(sql`inserted.region_id`)} AS region,
      ${RELAXED_COMMIT} AS relaxed
    FROM inserted`),
)

interface Inserted {
  cart: Record<string, unknown>
  shipping_address: Record<string, unknown> | null
  sales_channel: Record<string, unknown> | null
  region: RegionJson | null
}

const cartOf = rowReader(cart)
const addressOf = rowReader(address)
const channelOf = rowReader(salesChannel)

export interface BareCartInput {
  id: string
  regionId: string | undefined
  /** The channel asked for or the publishable key's; undefined for the store's default. */
  channelId: string | undefined
  customerId: string | undefined
  /** Lower case; undefined for the region's only country, if it has one. */
  countryCode: string | undefined
  context: Record<string, unknown>
}

export interface BareCart {
  row: CartRow
  region: CartRegion
  shipping_address: AddressRow | null
  sales_channel: SalesChannelRow | null
}

/**
 * Inserts the cart (see above), committed without waiting for the disk as every cart edit is;
 * undefined when a check failed and nothing was written. Runs as its own transaction: call it on
 * the root handle.
 */
export async function insertBareCart(db: Db, flags: CartFlags, input: BareCartInput): Promise<BareCart | undefined> {
  const result = await statement(db, {
    id: input.id,
    regionId: input.regionId ?? null,
    useChannels: flags.sales_channels,
    channelId: input.channelId ?? null,
    customerId: input.customerId ?? null,
    countryCode: input.countryCode ?? null,
    addressId: generateId('addr'),
    eventId: generateId('evt'),
    context: JSON.stringify(input.context),
  })
  const [inserted] = rowsOf<Inserted>(result)
  if (!inserted) return undefined
  // Checked live in the same statement, so never missing here.
  if (!inserted.region) throw NotFound.entity('Region', String(inserted.cart.region_id))
  return {
    row: cartOf(inserted.cart),
    region: regionFromJson(inserted.region),
    shipping_address: inserted.shipping_address ? addressOf(inserted.shipping_address) : null,
    sales_channel: inserted.sales_channel ? channelOf(inserted.sales_channel) : null,
  }
}
