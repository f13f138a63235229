import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import { prepared, preparedInsert } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { concurrently } from '../../db/fast-path/concurrent.js'
import { inTransaction } from '../../db/transactions.js'
import { emit, preparedEmitWhen } from '../../events/outbox.js'
import { DuplicateError, InvalidData, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  orderBy,
  parseExpand,
  sortableColumns,
  whereAll,
  type ListAnswer,
} from '../../core/list.js'
import { hashPassword, passwordProblem } from '../../core/passwords.js'
import { toList } from '../../core/schemas.js'
import { noCustomerOrders, type CustomerOrder, type CustomerOrdersLoader } from './seams.js'
import { createAddress, retrieveOwnAddress, setBillingAddress, writeAddress, type AddressRow } from './addresses.js'
import {
  customersPaging,
  type AddressCreatePayload,
  type AddressPayload,
  type AdminGetCustomersParams,
  AdminPostCustomersCustomerReq,
  PaymentMethod,
  StorePostCustomersCustomerReq,
} from './contract.js'
import { address, customer, customerGroup, customerGroupCustomer } from './schema.js'

const SORTABLE = sortableColumns({
  created_at: customer.created_at,
  updated_at: customer.updated_at,
  email: customer.email,
  first_name: customer.first_name,
  last_name: customer.last_name,
})

export type CustomerRow = typeof customer.$inferSelect
export type PublicCustomer = Omit<CustomerRow, 'password_hash' | 'token_version'>
export type CustomerGroupRow = typeof customerGroup.$inferSelect

export interface CustomerWithRelations extends PublicCustomer {
  billing_address?: AddressRow | null
  shipping_addresses?: AddressRow[]
  groups?: CustomerGroupRow[]
  orders?: CustomerOrder[]
}

/** A customer with the version a session or token issued now carries (see `token_version`). */
export type CustomerWithTokenVersion = CustomerWithRelations & Pick<CustomerRow, 'token_version'>

// v1 event names (CustomerService.Events).
export const CUSTOMER_EVENTS = {
  created: 'customer.created',
  updated: 'customer.updated',
  passwordReset: 'customer.password_reset',
} as const

/** Relations `expand=` may name on admin customer routes. */
export const CUSTOMER_RELATIONS = ['orders', 'orders.items', 'shipping_addresses', 'billing_address', 'groups'] as const
/** The store's default customer relations (`GET/POST /store/customers/me` and friends). */
export const STORE_CUSTOMER_RELATIONS: ReadonlySet<string> = new Set(['shipping_addresses', 'billing_address'])
/** What `/store/auth` answers with. */
export const AUTH_CUSTOMER_RELATIONS: ReadonlySet<string> = new Set(['orders', 'orders.items', 'shipping_addresses'])
/** Defaults of `GET/POST /admin/customers/:id`; `expand` replaces them. */
export const ADMIN_CUSTOMER_RELATIONS = ['orders', 'shipping_addresses'] as const

/** Every column but the password hash and the token version. */
export const publicCustomerColumns = {
  id: customer.id,
  email: customer.email,
  first_name: customer.first_name,
  last_name: customer.last_name,
  billing_address_id: customer.billing_address_id,
  phone: customer.phone,
  has_account: customer.has_account,
  metadata: customer.metadata,
  created_at: customer.created_at,
  updated_at: customer.updated_at,
  deleted_at: customer.deleted_at,
}

/**
 * Rows with this email (case-insensitive): at most one account and one guest record. A placeholder
 * stands for an email already in lower case.
 */
export const byEmail = (email: string | Placeholder) =>
  and(
    sql`lower(${customer.email}) = ${typeof email === 'string' ? email.toLowerCase() : email}`,
    isNull(customer.deleted_at),
  )

export function assertPassword(password: string): void {
  const problem = passwordProblem(password)
  if (problem) throw new InvalidData(problem)
}

/**
 * Loads the requested relations of a page of customers, one query per relation. Orders come from
 * `loadOrders`, which the routes take from the orders module (a later module in the order).
 */
export async function withRelations(
  db: Db,
  rows: PublicCustomer[],
  relations: ReadonlySet<string>,
  loadOrders: CustomerOrdersLoader = noCustomerOrders,
): Promise<CustomerWithRelations[]> {
  if (rows.length === 0 || relations.size === 0) return rows
  const ids = rows.map((row) => row.id)
  const billingIds = rows.flatMap((row) => (row.billing_address_id ? [row.billing_address_id] : []))

  const shipping = relations.has('shipping_addresses')
    ? await db
        .select()
        .from(address)
        .where(and(inArray(address.customer_id, ids), isNull(address.deleted_at)))
        .orderBy(asc(address.created_at), asc(address.id))
    : []
  const billing =
    relations.has('billing_address') && billingIds.length > 0
      ? await db.select().from(address).where(inArray(address.id, billingIds))
      : []
  const memberships = relations.has('groups')
    ? await db
        .select({ customer_id: customerGroupCustomer.customer_id, group: customerGroup })
        .from(customerGroupCustomer)
        .innerJoin(customerGroup, eq(customerGroup.id, customerGroupCustomer.customer_group_id))
        .where(and(inArray(customerGroupCustomer.customer_id, ids), isNull(customerGroup.deleted_at)))
        .orderBy(asc(customerGroup.name))
    : []
  const orders = relations.has('orders')
    ? await loadOrders(db, ids, { items: relations.has('orders.items') })
    : new Map<string, CustomerOrder[]>()

  const billingById = new Map(billing.map((row) => [row.id, row]))
  return rows.map((row) => ({
    ...row,
    ...(relations.has('billing_address')
      ? { billing_address: row.billing_address_id ? (billingById.get(row.billing_address_id) ?? null) : null }
      : {}),
    ...(relations.has('shipping_addresses')
      ? { shipping_addresses: shipping.filter((item) => item.customer_id === row.id) }
      : {}),
    ...(relations.has('groups')
      ? { groups: memberships.filter((item) => item.customer_id === row.id).map((item) => item.group) }
      : {}),
    ...(relations.has('orders') ? { orders: orders.get(row.id) ?? [] } : {}),
  }))
}

export async function retrieveCustomer(
  db: Db,
  id: string,
  relations: ReadonlySet<string> = new Set(),
  loadOrders?: CustomerOrdersLoader,
): Promise<CustomerWithRelations> {
  const [row] = await customerByIdStatement(db, { id })
  if (!row) throw NotFound.entity('Customer', id)
  const [loaded] = await withRelations(db, [row], relations, loadOrders)
  return loaded
}

/** Cart answers with their customer send this: built once (see `prepared`). */
const customerByIdStatement = prepared('customer_by_id', (db) =>
  db
    .select(publicCustomerColumns)
    .from(customer)
    .where(and(eq(customer.id, sql.placeholder('id')), isNull(customer.deleted_at)))
    .limit(1),
)

/** `expand` on a single admin customer: its allow-list, or the admin defaults. */
export function adminCustomerRelations(expand: string | undefined): Set<string> {
  return parseExpand(expand, CUSTOMER_RELATIONS, ADMIN_CUSTOMER_RELATIONS)
}

export async function listCustomers(
  db: Db,
  query: AdminGetCustomersParams,
  loadOrders?: CustomerOrdersLoader,
): Promise<ListAnswer<'customers', CustomerWithRelations>> {
  // v1 accepts `fields` on this route and ignores it.
  const relations = parseExpand(query.expand, CUSTOMER_RELATIONS, [])
  const groupIds = toList(query.groups)
  const where = whereAll([
    isNull(customer.deleted_at),
    query.has_account !== undefined ? eq(customer.has_account, query.has_account) : undefined,
    groupIds
      ? inArray(
          customer.id,
          db
            .select({ id: customerGroupCustomer.customer_id })
            .from(customerGroupCustomer)
            .where(inArray(customerGroupCustomer.customer_group_id, groupIds)),
        )
      : undefined,
    ...dateConditions(customer.created_at, query.created_at, 'created_at'),
    ...dateConditions(customer.updated_at, query.updated_at, 'updated_at'),
    query.q ? searchCondition(query.q) : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', customer.id)
  const page = customersPaging.page(query)
  const rows = await db
    .select(publicCustomerColumns)
    .from(customer)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db.select({ value: count() }).from(customer).where(where)
  return listAnswer('customers', await withRelations(db, rows, relations, loadOrders), total.value, page)
}

function searchCondition(q: string): SQL | undefined {
  const pattern = likePattern(q)
  return or(ilike(customer.email, pattern), ilike(customer.first_name, pattern), ilike(customer.last_name, pattern))
}

export interface CustomerAccountInput {
  email: string
  password: string
  first_name?: string
  last_name?: string
  phone?: string
  metadata?: Record<string, unknown>
}

/**
 * Opens an account. A guest record with that email (left by a guest checkout) becomes the account
 * instead of a second row, so the guest's orders are the customer's from now on. An existing
 * account with that email is a duplicate.
 */
export async function createCustomerAccount(
  db: Db,
  input: CustomerAccountInput,
  relations: ReadonlySet<string> = new Set(),
): Promise<CustomerWithTokenVersion> {
  assertPassword(input.password)
  const email = input.email.toLowerCase()
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: customer.id, has_account: customer.has_account, metadata: customer.metadata })
      .from(customer)
      .where(byEmail(email))
      .for('update')
    if (existing.some((row) => row.has_account)) {
      throw new DuplicateError('A customer with the given email already has an account. Log in instead')
    }
    const guest = existing[0]
    const fields = {
      email,
      password_hash: passwordHash,
      has_account: true,
      ...(input.first_name !== undefined ? { first_name: input.first_name } : {}),
      ...(input.last_name !== undefined ? { last_name: input.last_name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    }
    const returned = { ...publicCustomerColumns, token_version: customer.token_version }
    const [{ token_version, ...saved }] = guest
      ? await tx
          .update(customer)
          .set({ ...fields, metadata: mergedMetadata(customer.metadata, input.metadata) })
          .where(eq(customer.id, guest.id))
          .returning(returned)
      : await tx
          .insert(customer)
          .values({ id: generateId('cus'), ...fields, metadata: input.metadata ?? null })
          .returning(returned)
    // An upgraded guest is a new account too: subscribers (welcome mails) treat both alike.
    await emit(tx, CUSTOMER_EVENTS.created, { id: saved.id })
    const [loaded] = await withRelations(tx, [saved], relations)
    return { ...loaded, token_version }
  })
}

async function assertEmailFree(db: Db, email: string, hasAccount: boolean, exceptId: string): Promise<void> {
  const [other] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(byEmail(email), eq(customer.has_account, hasAccount), ne(customer.id, exceptId)))
    .limit(1)
  if (other) throw new DuplicateError(`A customer with the email ${email} already exists`)
}

interface CustomerChanges {
  email?: string
  first_name?: string
  last_name?: string
  phone?: string | null
  password?: string
  metadata?: Record<string, unknown>
}

/**
 * Writes the scalar changes of an update; the password is hashed before the transaction opens. A new
 * password ends every session and token of the account. Answers the account's token version.
 */
async function writeCustomer(
  tx: Db,
  current: PublicCustomer,
  changes: CustomerChanges,
  passwordHash: string | undefined,
  extra: { billing_address_id?: string | null } = {},
): Promise<number> {
  const email = changes.email?.toLowerCase()
  if (email !== undefined && email !== current.email.toLowerCase()) {
    await assertEmailFree(tx, email, current.has_account, current.id)
  }
  const [{ token_version }] = await tx
    .update(customer)
    .set({
      email,
      first_name: changes.first_name,
      last_name: changes.last_name,
      phone: changes.phone,
      password_hash: passwordHash,
      token_version: passwordHash === undefined ? undefined : sql`${customer.token_version} + 1`,
      metadata: mergedMetadata(customer.metadata, changes.metadata),
      ...extra,
      // Never an empty SET, even when only memberships changed.
      updated_at: new Date(),
    })
    .where(eq(customer.id, current.id))
    .returning({ token_version: customer.token_version })
  await emit(tx, CUSTOMER_EVENTS.updated, { id: current.id })
  return token_version
}

async function hashIfGiven(password: string | undefined): Promise<string | undefined> {
  if (password === undefined) return undefined
  assertPassword(password)
  return hashPassword(password)
}

/**
 * `POST /store/customers/me`: the customer's own profile, password and billing address. With the
 * token version after the change, which the session making it keeps.
 */
export async function updateCustomer(
  db: Db,
  id: string,
  input: StorePostCustomersCustomerReq,
): Promise<CustomerWithTokenVersion> {
  const passwordHash = await hashIfGiven(input.password)
  return db.transaction(async (tx) => {
    const current = await retrieveCustomer(tx, id)
    const billingAddressId =
      input.billing_address !== undefined ? await setBillingAddress(tx, current, input.billing_address) : undefined
    const tokenVersion = await writeCustomer(tx, current, input, passwordHash, { billing_address_id: billingAddressId })
    return { ...(await retrieveCustomer(tx, id, STORE_CUSTOMER_RELATIONS)), token_version: tokenVersion }
  })
}

/** `POST /admin/customers/:id`; `groups` replaces the customer's memberships. */
export async function updateCustomerAsAdmin(
  db: Db,
  id: string,
  input: AdminPostCustomersCustomerReq,
  relations: ReadonlySet<string>,
  loadOrders?: CustomerOrdersLoader,
): Promise<CustomerWithRelations> {
  const passwordHash = await hashIfGiven(input.password)
  return db.transaction(async (tx) => {
    const current = await retrieveCustomer(tx, id)
    if (input.email !== undefined && current.has_account && input.email.toLowerCase() !== current.email.toLowerCase()) {
      throw new InvalidData('Email cannot be changed when the user has registered their account')
    }
    if (input.groups)
      await replaceGroups(
        tx,
        id,
        input.groups.map((group) => group.id),
      )
    await writeCustomer(tx, current, input, passwordHash)
    return retrieveCustomer(tx, id, relations, loadOrders)
  })
}

async function replaceGroups(tx: Db, customerId: string, groupIds: string[]): Promise<void> {
  const ids = [...new Set(groupIds)]
  if (ids.length > 0) {
    // Locked as a change of a group's members locks it (see `findGroup` in groups.ts).
    const found = await tx
      .select({ id: customerGroup.id })
      .from(customerGroup)
      .where(and(inArray(customerGroup.id, ids), isNull(customerGroup.deleted_at)))
      .orderBy(customerGroup.id)
      .for('share')
    const known = new Set(found.map((row) => row.id))
    const unknown = ids.filter((groupId) => !known.has(groupId))
    if (unknown.length > 0) {
      throw new InvalidData(`The following customer group ids do not exist: ${JSON.stringify(unknown.join(', '))}`)
    }
  }
  await tx.delete(customerGroupCustomer).where(eq(customerGroupCustomer.customer_id, customerId))
  if (ids.length > 0) {
    await tx
      .insert(customerGroupCustomer)
      .values(ids.map((groupId) => ({ customer_group_id: groupId, customer_id: customerId })))
  }
}

/**
 * Saved payment methods from every payment provider. No provider stores cards yet (`manual`
 * keeps nothing), so each answers with none; a provider that keeps customers' cards (Stripe
 * customers, say) adds its methods in this loop.
 */
export async function listPaymentMethods(db: Db, customerId: string, providerIds: readonly string[]) {
  await retrieveCustomer(db, customerId)
  const methods: PaymentMethod[] = []
  for (const providerId of providerIds) {
    const saved: PaymentMethod['data'][] = []
    methods.push(...saved.map((data) => ({ provider_id: providerId, data })))
  }
  return methods
}

/** `POST /store/customers/me/addresses`: a new saved (shipping) address. */
export async function addCustomerAddress(
  db: Db,
  customerId: string,
  input: AddressCreatePayload,
): Promise<CustomerWithRelations> {
  return db.transaction(async (tx) => {
    await retrieveCustomer(tx, customerId)
    await createAddress(tx, customerId, input)
    return retrieveCustomer(tx, customerId, STORE_CUSTOMER_RELATIONS)
  })
}

export async function updateCustomerAddress(
  db: Db,
  customerId: string,
  addressId: string,
  input: AddressPayload,
): Promise<CustomerWithRelations> {
  return db.transaction(async (tx) => {
    const current = await retrieveOwnAddress(tx, customerId, addressId)
    await writeAddress(tx, current, input)
    return retrieveCustomer(tx, customerId, STORE_CUSTOMER_RELATIONS)
  })
}

/** Soft-deletes one of the customer's addresses; if it was also the billing address, that is unset. */
export async function deleteCustomerAddress(
  db: Db,
  customerId: string,
  addressId: string,
): Promise<CustomerWithRelations> {
  return db.transaction(async (tx) => {
    const current = await retrieveOwnAddress(tx, customerId, addressId)
    await tx.update(address).set({ deleted_at: new Date() }).where(eq(address.id, current.id))
    await tx
      .update(customer)
      .set({ billing_address_id: null })
      .where(and(eq(customer.id, customerId), eq(customer.billing_address_id, current.id)))
    return retrieveCustomer(tx, customerId, STORE_CUSTOMER_RELATIONS)
  })
}

/**
 * The guest record for an email (v1 links a cart given an email to one), created when missing. One
 * batch: the insert (which does nothing when the guest exists, or once another cart has just
 * created it), its `customer.created` event if it inserted, and the read of the guest either way.
 */
export function findOrCreateGuestCustomer(db: Db, email: string): Promise<{ id: string; email: string }> {
  const lower = email.toLowerCase()
  const id = generateId('cus')
  // In a transaction, so the read comes after the insert (on the pool they would run side by side).
  return inTransaction(db, async (tx) => {
    const [, , [guest]] = await concurrently(tx, [
      () => insertGuest(tx, { id, email: lower, has_account: false }),
      () => emitGuestCreated(tx, 'customer.created', { id }, { id }),
      () => guestByEmail(tx, { email: lower }),
    ])
    return guest
  })
}

// Every checkout's e-mail sends these: built once (see `prepared`).
const insertGuest = preparedInsert('guest_customer_insert', customer, ['id', 'email', 'has_account'], {
  onConflictDoNothing: true,
})
const emitGuestCreated = preparedEmitWhen(
  'guest_customer_created',
  sql`EXISTS (SELECT 1 FROM ${customer} WHERE ${customer.id} = ${sql.placeholder('id')})`,
)
const guestByEmail = prepared('guest_customer_by_email', (db) =>
  db
    .select({ id: customer.id, email: customer.email })
    .from(customer)
    .where(and(byEmail(sql.placeholder('email')), eq(customer.has_account, false)))
    .limit(1),
)

/** Whether the customer exists and a session or token of password version `tokenVersion` is still theirs. */
export async function isCurrentCustomer(db: Db, id: string, tokenVersion: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.id, id), isNull(customer.deleted_at), eq(customer.token_version, tokenVersion)))
    .limit(1)
  return row !== undefined
}
