import { and, eq, isNull, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotFound } from '../../core/errors.js'
import { country } from '../regions/schema.js'
import type { AddressCreatePayload, AddressPayload } from './contract.js'
import { address } from './schema.js'

export type AddressRow = typeof address.$inferSelect

/** Country codes are stored lower-case and must name a known country. */
export async function normalizeCountry(db: Db, code: string | null | undefined): Promise<string | null | undefined> {
  if (code === undefined || code === null) return code
  const iso2 = code.toLowerCase()
  const [row] = await countryStatement(db, { iso2 })
  if (!row) throw new InvalidData(`country_code ${code} is not a known country`)
  return iso2
}

/** Every address written sends this: built once (see `prepared`). */
const countryStatement = prepared('country_by_iso_2', (db) =>
  db
    .select({ iso_2: country.iso_2 })
    .from(country)
    .where(eq(country.iso_2, sql.placeholder('iso2')))
    .limit(1),
)

export interface CountryOptions {
  /** The caller has put `country_code` through `normalizeCountry` already. */
  countryChecked?: boolean
}

/** Saves a new address; `customerId` null for addresses no customer keeps (a billing address). */
export async function createAddress(
  db: Db,
  customerId: string | null,
  input: AddressCreatePayload | AddressPayload,
  options: CountryOptions = {},
): Promise<AddressRow> {
  const country_code = options.countryChecked ? input.country_code : await normalizeCountry(db, input.country_code)
  const [created] = await insertAddressStatement(db, generateId('addr'), customerId, { ...input, country_code })
  return created
}

/**
 * The insert of a new address whose country is checked already (`normalizeCountry`): a statement
 * not sent yet, so that it can go out in order with others (see `concurrently`).
 */
export function insertAddressStatement(
  db: Db,
  id: string,
  customerId: string | null,
  input: AddressCreatePayload | AddressPayload,
) {
  const { metadata, country_code, ...fields } = input
  return db
    .insert(address)
    .values({ ...fields, id, customer_id: customerId, country_code: country_code ?? null, metadata: metadata ?? null })
    .returning()
}

/**
 * Writes an AddressPayload over an address and answers it as written: absent keys stay, `null`
 * clears, metadata merges.
 */
export async function writeAddress(
  db: Db,
  current: AddressRow,
  input: AddressPayload,
  options: CountryOptions = {},
): Promise<AddressRow> {
  const country_code = options.countryChecked ? input.country_code : await normalizeCountry(db, input.country_code)
  const [written] = await updateAddressStatement(db, current, { ...input, country_code })
  return written
}

/** `writeAddress`'s update, for a country checked already: a statement not sent yet. */
export function updateAddressStatement(db: Db, current: AddressRow, input: AddressPayload) {
  const { metadata, ...fields } = input
  return db
    .update(address)
    .set({
      ...fields,
      metadata: mergedMetadata(address.metadata, metadata),
      // Never an empty SET: drizzle refuses one, and an empty payload is valid.
      updated_at: new Date(),
    })
    .where(eq(address.id, current.id))
    .returning()
}

/** A live address kept by this customer; another customer's address is as good as missing. */
export async function retrieveOwnAddress(db: Db, customerId: string, addressId: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(address)
    .where(and(eq(address.id, addressId), eq(address.customer_id, customerId), isNull(address.deleted_at)))
    .limit(1)
  if (!row) throw new NotFound('Could not find address for customer')
  return row
}

/**
 * v1's `billing_address` update: an id points the customer at one of their own addresses; an
 * object writes over the current billing address, or creates one; null unsets it. Answers the
 * customer's new `billing_address_id`. The billing address is not one of `shipping_addresses`
 * (no `customer_id`), as in v1.
 */
export async function setBillingAddress(
  db: Db,
  owner: { id: string; billing_address_id: string | null },
  value: AddressPayload | string | null,
): Promise<string | null> {
  if (value === null) return null
  if (typeof value === 'string') {
    if (value === owner.billing_address_id) return value
    const own = await db
      .select({ id: address.id })
      .from(address)
      .where(and(eq(address.id, value), eq(address.customer_id, owner.id), isNull(address.deleted_at)))
      .limit(1)
    if (own.length === 0) throw NotFound.entity('Address', value)
    return value
  }
  if (owner.billing_address_id) {
    const [current] = await db.select().from(address).where(eq(address.id, owner.billing_address_id)).limit(1)
    // A billing address that is also one of the saved addresses is left alone: the new one is its own.
    if (current && current.deleted_at === null && current.customer_id === null) {
      await writeAddress(db, current, value)
      return current.id
    }
  }
  return (await createAddress(db, null, value)).id
}
