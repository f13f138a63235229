import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { hashPassword } from '../../core/passwords.js'
import { signToken } from '../../core/tokens.js'
import { user, type UserRole } from '../../modules/users/schema.js'
import { testConfig } from '../test-app.js'

export const TEST_PASSWORD = 'correct-horse-battery'

let counter = 0

export async function makeUser(
  db: Db,
  overrides: Partial<{ email: string; role: UserRole; password: string; api_token: string; first_name: string }> = {},
) {
  counter += 1
  const [row] = await db
    .insert(user)
    .values({
      id: generateId('usr'),
      email: overrides.email ?? `staff-${counter}-${Date.now()}@example.com`,
      role: overrides.role ?? 'admin',
      first_name: overrides.first_name ?? 'Test',
      last_name: 'User',
      api_token: overrides.api_token ?? null,
      password_hash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    })
    .returning()
  return row
}

/** `Authorization: Bearer …` for an admin user, signed like `POST /admin/auth/token` does. */
export async function adminHeaders(userId: string): Promise<Record<string, string>> {
  const token = await signToken({ user_id: userId, domain: 'admin' }, testConfig().jwtSecret, '1h')
  return { authorization: `Bearer ${token}` }
}

/** A fresh admin user and the headers to act as them. */
export async function asAdmin(db: Db): Promise<{ user: typeof user.$inferSelect; headers: Record<string, string> }> {
  const created = await makeUser(db)
  return { user: created, headers: await adminHeaders(created.id) }
}
