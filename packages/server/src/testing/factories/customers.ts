import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { hashPassword } from '../../core/passwords.js'
import { signToken } from '../../core/tokens.js'
import { address, customer, customerGroup, customerGroupCustomer } from '../../modules/customers/schema.js'
import { testConfig } from '../test-app.js'

export const CUSTOMER_PASSWORD = 'shopper-secret-42'

let counter = 0
// One hash for every factory customer: scrypt is slow on purpose, and the tests make many.
let defaultHash: Promise<string> | undefined

export async function makeCustomer(
  db: Db,
  overrides: Partial<{
    email: string
    first_name: string | null
    last_name: string | null
    phone: string | null
    password: string
    has_account: boolean
    metadata: Record<string, unknown> | null
    created_at: Date
  }> = {},
) {
  const n = ++counter
  const hasAccount = overrides.has_account ?? true
  defaultHash ??= hashPassword(CUSTOMER_PASSWORD)
  const passwordHash = !hasAccount
    ? null
    : overrides.password
      ? await hashPassword(overrides.password)
      : await defaultHash
  const [row] = await db
    .insert(customer)
    .values({
      id: generateId('cus'),
      email: overrides.email ?? `shopper-${n}-${Date.now()}@example.com`,
      first_name: overrides.first_name === undefined ? 'Shop' : overrides.first_name,
      last_name: overrides.last_name === undefined ? `Per${n}` : overrides.last_name,
      phone: overrides.phone ?? null,
      has_account: hasAccount,
      password_hash: passwordHash,
      metadata: overrides.metadata ?? null,
      ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
    })
    .returning()
  return row
}

/** A guest record, as a guest checkout leaves behind: no account, no password. */
export function makeGuestCustomer(db: Db, overrides: { email?: string } = {}) {
  return makeCustomer(db, { ...overrides, has_account: false })
}

export async function makeAddress(
  db: Db,
  customerId: string | null,
  overrides: Partial<typeof address.$inferInsert> = {},
) {
  const [row] = await db
    .insert(address)
    .values({
      id: generateId('addr'),
      customer_id: customerId,
      first_name: 'Shop',
      last_name: 'Per',
      address_1: '1 Market Street',
      city: 'Copenhagen',
      country_code: 'dk',
      postal_code: '1000',
      ...overrides,
    })
    .returning()
  return row
}

export async function makeCustomerGroup(
  db: Db,
  overrides: Partial<{ name: string; metadata: Record<string, unknown> | null; customer_ids: string[] }> = {},
) {
  const n = ++counter
  const [row] = await db
    .insert(customerGroup)
    .values({
      id: generateId('cgrp'),
      name: overrides.name ?? `Group ${n}-${Date.now()}`,
      metadata: overrides.metadata ?? null,
    })
    .returning()
  const customerIds = overrides.customer_ids ?? []
  if (customerIds.length > 0) {
    await db
      .insert(customerGroupCustomer)
      .values(customerIds.map((id) => ({ customer_group_id: row.id, customer_id: id })))
  }
  return row
}

/** `Authorization: Bearer …` for a customer, signed like `POST /store/auth/token` does. */
export async function customerHeaders(customerId: string): Promise<Record<string, string>> {
  const token = await signToken({ customer_id: customerId, domain: 'store' }, testConfig().jwtSecret, '1h')
  return { authorization: `Bearer ${token}` }
}

/** A fresh customer account and the headers to act as them. */
export async function asCustomer(
  db: Db,
  overrides: Parameters<typeof makeCustomer>[1] = {},
): Promise<{ customer: typeof customer.$inferSelect; headers: Record<string, string> }> {
  const created = await makeCustomer(db, overrides)
  return { customer: created, headers: await customerHeaders(created.id) }
}
