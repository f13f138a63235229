import { and, eq, isNull, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { prepared, preparedInsertReturning } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotFound } from '../../core/errors.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import {
  insertAddressStatement,
  normalizeCountry,
  updateAddressStatement,
  type AddressRow,
} from '../customers/addresses.js'
import type { AddressPayload } from '../customers/contract.js'
import { address } from '../customers/schema.js'
import { cartColumn, type CartRegion } from './loader.js'

/** A cart's shipping country must be one of its region's (v1). */
export function assertCountryInRegion(region: CartRegion, countryCode: string | null | undefined): void {
  if (!countryCode) return
  const code = countryCode.toLowerCase()
  if (!region.countries.some((country) => country.iso_2 === code)) {
    throw new InvalidData(`Shipping country ${code} is not in the cart's region ${region.name}`)
  }
}

async function retrieveAddress(db: Db, id: string | null): Promise<AddressRow | undefined> {
  if (!id) return undefined
  const [row] = await addressStatement(db, { id })
  return row
}

/** What writing an address object over a cart's address reads first. */
export interface AddressReads {
  /** The address it replaces, if any. */
  current: AddressRow | undefined
  /** The new country, checked. */
  countryCode: string | null | undefined
}

/** The address `current` reads, with the new country checked beside it in one batch. */
async function readForAddress(
  tx: Db,
  current: () => PromiseLike<AddressRow | undefined>,
  value: AddressPayload,
): Promise<AddressReads> {
  const [row, countryCode] = await concurrently(tx, [current, () => normalizeCountry(tx, value.country_code)])
  return { current: row, countryCode }
}

/**
 * Reads what `planCartAddress` needs to write `value` over the cart's shipping address, by the
 * cart's id alone: it can go out with the cart's lock.
 */
export function readForShippingAddress(tx: Db, cartId: string, value: AddressPayload): Promise<AddressReads> {
  return readForAddress(tx, async () => (await shippingAddressOfCartStatement(tx, { cartId }))[0], value)
}

// A cart's address is read, and a new cart's written, by statements built once (see `prepared`).
const addressStatement = prepared('cart_address_by_id', (db) =>
  db
    .select()
    .from(address)
    .where(eq(address.id, sql.placeholder('id')))
    .limit(1),
)
const shippingAddressOfCartStatement = prepared('cart_shipping_address_of_cart', (db) =>
  db
    .select()
    .from(address)
    .where(sql`${address.id} = ${cartColumn('shipping_address_id', sql.placeholder('cartId'))}`)
    .limit(1),
)
const insertCountryAddress = preparedInsertReturning('cart_country_address_insert', address, [
  'id',
  'customer_id',
  'country_code',
])

/**
 * An address a cart will refer to: its id and country as they will be, and the write, a statement
 * not sent yet (see `concurrently`).
 */
export interface PlannedAddress {
  id: string
  country_code: string | null
  write: () => PromiseLike<unknown>
}

/**
 * The address a cart's `shipping_address` / `billing_address` update leaves it with. An object
 * writes over the cart's own address (merging, as v1) or creates one. An id names one of the cart
 * customer's saved addresses, which is copied: v1 linked the saved row itself (of anyone, by id),
 * so editing the cart's address later rewrote the address book; a copy keeps the two apart and a
 * stranger's addresses out of reach. `read` is what `readForShippingAddress` read of the address
 * `currentId` names, when the caller read it beforehand.
 *
 * What the write needs is read now; the write itself is left to the caller, to send with the
 * statements that refer to the address (after it, in the same batch).
 */
export async function planCartAddress(
  tx: Db,
  currentId: string | null,
  value: AddressPayload | string,
  customerId: string | null,
  read?: AddressReads,
): Promise<PlannedAddress> {
  if (typeof value === 'string') {
    const copy = await savedAddressCopy(tx, value, customerId)
    const id = generateId('addr')
    return { id, country_code: copy.country_code ?? null, write: () => insertAddressStatement(tx, id, null, copy) }
  }
  // The address it replaces and the country's check, read together.
  const { current, countryCode } = read ?? (await readForAddress(tx, () => retrieveAddress(tx, currentId), value))
  const checked = { ...value, country_code: countryCode }
  if (current && current.customer_id === null) {
    // An absent country keeps the address's own.
    const country = countryCode === undefined ? current.country_code : countryCode
    return { id: current.id, country_code: country, write: () => updateAddressStatement(tx, current, checked) }
  }
  const id = generateId('addr')
  return { id, country_code: countryCode ?? null, write: () => insertAddressStatement(tx, id, null, checked) }
}

/**
 * What a cart's copy of one of the customer's saved addresses holds; its country is the saved
 * row's, a known one already.
 */
async function savedAddressCopy(tx: Db, savedId: string, customerId: string | null): Promise<AddressPayload> {
  const [saved] = customerId
    ? await tx
        .select()
        .from(address)
        .where(and(eq(address.id, savedId), eq(address.customer_id, customerId), isNull(address.deleted_at)))
        .limit(1)
    : []
  if (!saved) throw NotFound.entity('Address', savedId)
  const { first_name, last_name, phone, company, address_1, address_2, city, country_code, province, postal_code } =
    saved
  return {
    first_name,
    last_name,
    phone,
    company,
    address_1,
    address_2,
    city,
    country_code,
    province,
    postal_code,
    ...(saved.metadata ? { metadata: saved.metadata } : {}),
  }
}

/**
 * The insert of a new cart's shipping address (with the id the caller made for it), holding only a
 * country the caller has checked against the cart's region, so the country needs no lookup of its
 * own. A statement, so that it can go out in one batch with the cart that refers to it.
 */
export function insertShippingCountryAddress(tx: Db, id: string, countryCode: string) {
  return insertCountryAddress(tx, { id, customer_id: null, country_code: countryCode })
}

/** Sets the country of the cart's shipping address, creating the address when the cart has none. */
export async function setShippingCountry(
  tx: Db,
  currentId: string | null,
  countryCode: string | null,
): Promise<PlannedAddress> {
  const planned = await planCartAddress(tx, currentId, { country_code: countryCode }, null)
  await planned.write()
  return planned
}
