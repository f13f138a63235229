import { and, count, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { BareStatus, DuplicateError, InvalidData, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  orderBy,
  softDeleteCondition,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { hashPassword, passwordProblem, verifyPassword } from '../../core/passwords.js'
import { toList } from '../../core/schemas.js'
import { signToken, verifyToken } from '../../core/tokens.js'
import {
  usersPaging,
  type AdminCreateUserRequest,
  type AdminGetUsersParams,
  type AdminResetPasswordRequest,
  type AdminUpdateUserRequest,
} from './contract.js'

import { user } from './schema.js'

const SORTABLE = sortableColumns({ created_at: user.created_at, updated_at: user.updated_at, email: user.email })

export type UserRow = typeof user.$inferSelect

const PASSWORD_RESET_TTL = '15m'

/** Every column but the password hash and the token version. */
export const publicUserColumns = {
  id: user.id,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  role: user.role,
  api_token: user.api_token,
  metadata: user.metadata,
  created_at: user.created_at,
  updated_at: user.updated_at,
  deleted_at: user.deleted_at,
}
export type PublicUser = Omit<UserRow, 'password_hash' | 'token_version'>
/** A user who just proved their password, with the version their session or token is issued at. */
export type AuthenticatedUser = PublicUser & Pick<UserRow, 'token_version'>

const byEmail = (email: string) => and(sql`lower(${user.email}) = ${email.toLowerCase()}`, isNull(user.deleted_at))

function assertPassword(password: string): void {
  const problem = passwordProblem(password)
  if (problem) throw new InvalidData(problem)
}

/** The user with these credentials, or undefined (wrong email or password look the same). */
export async function authenticateUser(
  db: Db,
  email: string,
  password: string,
): Promise<AuthenticatedUser | undefined> {
  const [row] = await db.select().from(user).where(byEmail(email)).limit(1)
  if (!row || !(await verifyPassword(password, row.password_hash))) return undefined
  const { password_hash: _hash, ...rest } = row
  return rest
}

export async function retrieveUser(db: Db, id: string): Promise<PublicUser> {
  const [row] = await db
    .select(publicUserColumns)
    .from(user)
    .where(and(eq(user.id, id), isNull(user.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('User', id)
  return row
}

export async function listUsers(db: Db, query: AdminGetUsersParams) {
  const page = usersPaging.page(query)
  const ids = toList(query.id)
  const roles = query.role === undefined ? undefined : Array.isArray(query.role) ? query.role : [query.role]
  const where = whereAll([
    ...softDeleteCondition(user.deleted_at, query.deleted_at),
    ids ? inArray(user.id, ids) : undefined,
    query.email ? sql`lower(${user.email}) = ${query.email.toLowerCase()}` : undefined,
    query.first_name ? eq(user.first_name, query.first_name) : undefined,
    query.last_name ? eq(user.last_name, query.last_name) : undefined,
    roles ? inArray(user.role, roles) : undefined,
    ...dateConditions(user.created_at, query.created_at, 'created_at'),
    ...dateConditions(user.updated_at, query.updated_at, 'updated_at'),
    query.q
      ? or(
          ilike(user.email, likePattern(query.q)),
          ilike(user.first_name, likePattern(query.q)),
          ilike(user.last_name, likePattern(query.q)),
        )
      : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', user.id)
  const [users, [total]] = await Promise.all([
    db
      .select(publicUserColumns)
      .from(user)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(user).where(where),
  ])
  return listAnswer('users', users, total.value, page)
}

export async function createUser(db: Db, input: AdminCreateUserRequest): Promise<PublicUser> {
  assertPassword(input.password)
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id }).from(user).where(byEmail(input.email)).limit(1)
    if (existing) throw new DuplicateError(`A user with the email ${input.email} already exists`)
    const [created] = await tx
      .insert(user)
      .values({
        id: generateId('usr'),
        email: input.email.toLowerCase(),
        first_name: input.first_name ?? null,
        last_name: input.last_name ?? null,
        role: input.role ?? 'member',
        password_hash: await hashPassword(input.password),
      })
      .returning(publicUserColumns)
    await emit(tx, 'user.created', { id: created.id })
    return created
  })
}

export async function updateUser(db: Db, id: string, input: AdminUpdateUserRequest): Promise<PublicUser> {
  return db.transaction(async (tx) => {
    await retrieveUser(tx, id)
    const [updated] = await tx
      .update(user)
      .set({
        // Always one column to set, so an empty body is a no-op update rather than a driver error.
        updated_at: new Date(),
        first_name: input.first_name,
        last_name: input.last_name,
        role: input.role,
        api_token: input.api_token,
        metadata: mergedMetadata(user.metadata, input.metadata),
      })
      .where(eq(user.id, id))
      .returning(publicUserColumns)
    await emit(tx, 'user.updated', { id })
    return updated
  })
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await retrieveUser(tx, id)
    await tx.update(user).set({ deleted_at: new Date(), api_token: null }).where(eq(user.id, id))
    await emit(tx, 'user.deleted', { id })
  })
}

/**
 * Issues a password-reset token signed with the user's current password hash, so it dies once
 * the password changes, and emits it for the notification provider. The token never goes back
 * over HTTP; an unknown email does nothing (no account probing).
 */
export async function requestUserPasswordReset(db: Db, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(byEmail(email)).limit(1)
    if (!row?.password_hash) return
    const token = await signToken({ user_id: row.id, email: row.email }, row.password_hash, PASSWORD_RESET_TTL)
    await emit(tx, 'user.password_reset', { id: row.id, email: row.email, token })
  })
}

export async function resetUserPassword(db: Db, input: AdminResetPasswordRequest): Promise<PublicUser> {
  assertPassword(input.password)
  const claims = decodeUnverified(input.token)
  const email = input.email ?? claims?.email
  if (!email) throw new InvalidData('invalid token')
  const [row] = await db.select().from(user).where(byEmail(email)).limit(1)
  if (!row) throw new InvalidData('invalid token')
  const currentHash = row.password_hash
  const payload = currentHash ? await verifyToken<{ user_id?: string }>(input.token, currentHash) : undefined
  if (!currentHash || payload?.user_id !== row.id) throw new BareStatus(401, 'Invalid or expired password reset token')
  // Hashed before the write, which holds no transaction open for it.
  const passwordHash = await hashPassword(input.password)
  // The token is good for the hash it was signed with only: of resets racing with one token, the
  // first to write wins and the others find the hash changed. Every session and token ends.
  const [updated] = await db
    .update(user)
    .set({ password_hash: passwordHash, token_version: sql`${user.token_version} + 1` })
    .where(and(eq(user.id, row.id), eq(user.password_hash, currentHash)))
    .returning(publicUserColumns)
  if (!updated) throw new BareStatus(401, 'Invalid or expired password reset token')
  return updated
}

/** Reads a JWT's claims without checking its signature: only to find whose secret verifies it. */
function decodeUnverified(token: string): { email?: string } | undefined {
  try {
    const [, body] = token.split('.')
    return JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as { email?: string }
  } catch {
    return undefined
  }
}

/** Whether the user exists and a session or token of password version `tokenVersion` is still theirs. */
export async function isCurrentUser(db: Db, id: string, tokenVersion: number): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, id), isNull(user.deleted_at), eq(user.token_version, tokenVersion)))
    .limit(1)
  return row !== undefined
}

/** The user an API token (`x-medusa-access-token`) belongs to. */
export async function userOfApiToken(db: Db, apiToken: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.api_token, apiToken), isNull(user.deleted_at)))
    .limit(1)
  return row?.id
}
