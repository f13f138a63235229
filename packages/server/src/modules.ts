import type { FastifyInstance } from 'fastify'
import { usersModule } from './modules/users/module.js'

/** Every module's routes and subscribers, in the module order of ARCHITECTURE.md. */
export const modules: ((app: FastifyInstance) => Promise<void>)[] = [usersModule]
