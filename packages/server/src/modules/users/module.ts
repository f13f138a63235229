import type { FastifyInstance } from 'fastify'
import { adminAuthRoutes, adminInviteRoutes, adminUserRoutes } from './admin.routes.js'
import { registerUserSubscribers } from './subscribers.js'

/** Staff accounts: admin auth, users, invites, password resets. */
export async function usersModule(app: FastifyInstance): Promise<void> {
  await app.register(adminAuthRoutes)
  await app.register(adminUserRoutes)
  await app.register(adminInviteRoutes)
  registerUserSubscribers(app)
}
