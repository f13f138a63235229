import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { BareStatus, InvalidData } from '../../core/errors.js'
import { hashPassword, verifyPassword } from '../../core/passwords.js'
import { signToken, verifyToken } from '../../core/tokens.js'
import type { CustomerOrdersLoader } from './seams.js'
import type { StorePostCustomersResetPasswordReq } from './contract.js'
import { customer } from './schema.js'
import {
  assertPassword,
  byEmail,
  CUSTOMER_EVENTS,
  retrieveCustomer,
  STORE_CUSTOMER_RELATIONS,
  type CustomerWithRelations,
  type CustomerWithTokenVersion,
} from './service.js'

const PASSWORD_RESET_TTL = '15m'

/** The account with this email, hash included; guests (no account) never log in. */
async function findAccount(db: Db, email: string) {
  const [row] = await db
    .select({
      id: customer.id,
      email: customer.email,
      password_hash: customer.password_hash,
      token_version: customer.token_version,
    })
    .from(customer)
    .where(and(byEmail(email), eq(customer.has_account, true)))
    .limit(1)
  return row
}

/**
 * The customer with these credentials and the relations to answer with, or undefined (a wrong
 * email and a wrong password look the same).
 */
export async function authenticateCustomer(
  db: Db,
  email: string,
  password: string,
  relations: ReadonlySet<string> = new Set(),
  loadOrders?: CustomerOrdersLoader,
): Promise<CustomerWithTokenVersion | undefined> {
  const account = await findAccount(db, email)
  if (!account || !(await verifyPassword(password, account.password_hash))) return undefined
  return { ...(await retrieveCustomer(db, account.id, relations, loadOrders)), token_version: account.token_version }
}

/** `GET /store/auth/:email`: true only when that email has an account. */
export async function customerAccountExists(db: Db, email: string): Promise<boolean> {
  return (await findAccount(db, email)) !== undefined
}

/**
 * Issues a password-reset token signed with the customer's current password hash, so it dies once
 * the password changes, and emits it for the notification provider. The token never goes back over
 * HTTP; an unknown or guest-only email does nothing (no account probing).
 */
export async function requestCustomerPasswordReset(db: Db, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await findAccount(tx, email)
    if (!account?.password_hash) return
    const token = await signToken({ customer_id: account.id }, account.password_hash, PASSWORD_RESET_TTL)
    const { first_name, last_name } = await retrieveCustomer(tx, account.id)
    await emit(tx, CUSTOMER_EVENTS.passwordReset, {
      id: account.id,
      email: account.email,
      first_name,
      last_name,
      token,
    })
  })
}

export async function resetCustomerPassword(
  db: Db,
  input: StorePostCustomersResetPasswordReq,
): Promise<CustomerWithRelations> {
  assertPassword(input.password)
  const account = await findAccount(db, input.email)
  if (!account) throw new InvalidData('invalid token')
  const currentHash = account.password_hash
  const claims = currentHash ? await verifyToken<{ customer_id?: unknown }>(input.token, currentHash) : undefined
  if (!currentHash || claims?.customer_id !== account.id) {
    throw new BareStatus(401, 'Invalid or expired password reset token')
  }
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    // The token is good for the hash it was signed with only: a reset racing this one loses here.
    // Every session and token of the account ends.
    const updated = await tx
      .update(customer)
      .set({ password_hash: passwordHash, token_version: sql`${customer.token_version} + 1` })
      .where(and(eq(customer.id, account.id), eq(customer.password_hash, currentHash)))
      .returning({ id: customer.id })
    if (updated.length === 0) throw new BareStatus(401, 'Invalid or expired password reset token')
    await emit(tx, CUSTOMER_EVENTS.updated, { id: account.id })
    return retrieveCustomer(tx, account.id, STORE_CUSTOMER_RELATIONS)
  })
}
