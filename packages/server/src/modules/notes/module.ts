import type { FastifyInstance } from 'fastify'
import { adminNoteRoutes } from './admin.routes.js'

/** Staff notes on orders, customers and any other resource (`/admin/notes`). */
export async function notesModule(app: FastifyInstance): Promise<void> {
  await app.register(adminNoteRoutes)
}
