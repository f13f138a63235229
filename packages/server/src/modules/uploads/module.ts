import type { FastifyInstance } from 'fastify'
import { adminFileRoutes, adminUploadRoutes } from './admin.routes.js'
import { uploadedFileRoutes } from './files.routes.js'

/** File uploads through the file provider, and serving of the local provider's files. */
export async function uploadsModule(app: FastifyInstance): Promise<void> {
  await app.register(adminUploadRoutes)
  await app.register(adminFileRoutes)
  await app.register(uploadedFileRoutes)
}
