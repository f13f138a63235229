import { openDatabase } from '../../../packages/server/src/db/connection.js'
import { migrate } from '../../../packages/server/src/db/migrate.js'
import { buildTestApp } from '../../../packages/server/src/testing/test-app.js'
import { routesOfDocument, type Route } from '../support/routes.js'

/** The store and admin routes of the server's OpenAPI document, from an app on a scratch database. */
export async function servedRoutes(): Promise<Route[]> {
  const database = await openDatabase({})
  try {
    await migrate(database)
    const app = await buildTestApp(database)
    try {
      return routesOfDocument(app.swagger())
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
  }
}
