import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotFound } from '../../core/errors.js'
import { signToken, verifyToken } from '../../core/tokens.js'
import type { AdminPostInvitesInviteAcceptReq, AdminPostInvitesReq } from './contract.js'
import { invite, user, type UserRole } from './schema.js'
import { createUser, type PublicUser } from './service.js'

const INVITE_TTL_DAYS = 7

type InviteRow = typeof invite.$inferSelect
export type PublicInvite = Omit<InviteRow, 'token'>

const publicColumns = {
  id: invite.id,
  user_email: invite.user_email,
  role: invite.role,
  accepted: invite.accepted,
  expires_at: invite.expires_at,
  metadata: invite.metadata,
  created_at: invite.created_at,
  updated_at: invite.updated_at,
  deleted_at: invite.deleted_at,
}

interface InviteClaims {
  invite_id: string
  role: UserRole
  user_email: string
}

export async function listInvites(db: Db): Promise<PublicInvite[]> {
  return db.select(publicColumns).from(invite).where(isNull(invite.deleted_at)).orderBy(asc(invite.created_at))
}

async function issueToken(row: Pick<InviteRow, 'id' | 'role' | 'user_email'>, secret: string) {
  const claims: InviteClaims = { invite_id: row.id, role: row.role, user_email: row.user_email }
  return signToken({ ...claims }, secret, `${INVITE_TTL_DAYS}d`)
}

const expiry = () => new Date(Date.now() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000)

/**
 * Invites a new staff member. Inviting an address again refreshes its token and expiry; an address
 * that already has an account is refused. The token is delivered by the `invite.created` event.
 */
export async function createInvite(db: Db, input: AdminPostInvitesReq, secret: string): Promise<void> {
  const email = input.user.toLowerCase()
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(sql`lower(${user.email}) = ${email}`, isNull(user.deleted_at)))
      .limit(1)
    if (member) throw new InvalidData(`User with email ${email} already exists`)
    const [existing] = await tx
      .select()
      .from(invite)
      .where(and(sql`lower(${invite.user_email}) = ${email}`, isNull(invite.deleted_at)))
      .limit(1)
    const id = existing?.id ?? generateId('invite')
    const token = await issueToken({ id, role: input.role, user_email: email }, secret)
    if (existing) {
      await tx.update(invite).set({ role: input.role, token, expires_at: expiry() }).where(eq(invite.id, id))
    } else {
      await tx.insert(invite).values({ id, user_email: email, role: input.role, token, expires_at: expiry() })
    }
    await emit(tx, 'invite.created', { id, token, user_email: email })
  })
}

export async function resendInvite(db: Db, id: string, secret: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invite)
      .where(and(eq(invite.id, id), isNull(invite.deleted_at)))
      .limit(1)
    if (!row) throw NotFound.entity('Invite', id)
    const token = await issueToken(row, secret)
    await tx.update(invite).set({ token, expires_at: expiry() }).where(eq(invite.id, id))
    await emit(tx, 'invite.created', { id, token, user_email: row.user_email })
  })
}

export async function deleteInvite(db: Db, id: string): Promise<void> {
  const deleted = await db
    .update(invite)
    .set({ deleted_at: new Date() })
    .where(and(eq(invite.id, id), isNull(invite.deleted_at)))
    .returning({ id: invite.id })
  if (deleted.length === 0) throw NotFound.entity('Invite', id)
}

/**
 * Turns a valid invite into a user with the invite's role and removes the invite. The token must
 * be the invite's current one (a resent invite voids the old link) and unexpired.
 */
export async function acceptInvite(
  db: Db,
  input: AdminPostInvitesInviteAcceptReq,
  secret: string,
): Promise<PublicUser> {
  const claims = await verifyToken<Partial<InviteClaims>>(input.token, secret)
  if (!claims?.invite_id || !claims.user_email) throw new InvalidData('Invalid invite')
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invite)
      .where(and(eq(invite.id, claims.invite_id!), isNull(invite.deleted_at)))
      .limit(1)
      .for('update')
    if (!row || row.token !== input.token || row.expires_at < new Date() || row.user_email !== claims.user_email) {
      throw new InvalidData('Invalid invite')
    }
    const [member] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(sql`lower(${user.email}) = ${row.user_email}`, isNull(user.deleted_at)))
      .limit(1)
    if (member) throw new InvalidData('User already joined')
    const created = await createUser(tx, {
      email: row.user_email,
      password: input.user.password,
      first_name: input.user.first_name,
      last_name: input.user.last_name,
      role: row.role,
    })
    await tx.update(invite).set({ accepted: true, deleted_at: new Date() }).where(eq(invite.id, row.id))
    return created
  })
}
