/**
 * The real server, as `emporium start` builds it, in a process of its own so the load generator
 * does not share its event loop. It listens on a free loopback port and reports it over IPC.
 */
import { buildApp } from '../../../packages/server/src/app.js'
import { openDatabase } from '../../../packages/server/src/db/connection.js'
import { benchConfig, requireDatabaseUrl } from '../env.js'

const config = benchConfig(requireDatabaseUrl('bench'))
const database = await openDatabase({ url: config.databaseUrl })
const app = await buildApp({ config, database })
await app.listen({ host: '127.0.0.1', port: 0 })

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
}
process.on('SIGTERM', stop)
// The runner went away (crash, Ctrl+C): never outlive it.
process.on('disconnect', stop)
process.send?.({ port: (app.server.address() as { port: number }).port })
