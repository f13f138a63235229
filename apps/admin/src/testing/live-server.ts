/**
 * The real server for screen tests in the Node environment: a fresh database per test file, the
 * server listening on a free port, and the server's own factories to seed it.
 *
 * The server's sources typecheck under NodeNext and the admin's under Bundler resolution (which
 * reads their CommonJS interop differently), so the admin loads them at run time and sees them
 * through this narrow interface instead of compiling them with its own settings.
 */
export interface LiveServer {
  /** Where a client reaches the server. */
  baseUrl: string
  /** The Node HTTP server, to watch the requests it answers. */
  httpServer: {
    on(
      event: 'request',
      listener: (
        request: { method?: string; url?: string },
        response: { on(event: 'close', listener: () => void): void },
      ) => void,
    ): void
  }
  /** A staff user who can log in with `password`. */
  makeUser(): Promise<{ email: string }>
  password: string
  makeProduct(overrides: { title: string; status: 'draft' | 'published' }): Promise<{ id: string }>
}

interface ServerTestingModules {
  live: {
    liveServerForFile(): { baseUrl: string; app: { server: LiveServer['httpServer'] }; database: { db: unknown } }
  }
  catalog: { makeProduct(db: unknown, overrides: object): Promise<{ id: string }> }
  users: { makeUser(db: unknown): Promise<{ email: string }>; TEST_PASSWORD: string }
  page: object
}

const SOURCES = {
  live: '../../../../packages/react/src/testing/live-server',
  catalog: '../../../../packages/server/src/testing/factories/catalog',
  users: '../../../../packages/server/src/testing/factories/users',
  // A jsdom page made after the server loads (it must load as Node code) and before React.
  page: '../../../../packages/react/src/testing/dom',
}

const load = async <K extends keyof ServerTestingModules>(name: K) =>
  (await import(/* @vite-ignore */ new URL(SOURCES[name], import.meta.url).href)) as ServerTestingModules[K]

const [live, catalog, users] = await Promise.all([load('live'), load('catalog'), load('users')])
await load('page')

/** Registers the server's start and stop around the calling test file; use it at the file's top. */
export function liveServerForFile(): LiveServer {
  const server = live.liveServerForFile()
  return {
    get baseUrl() {
      return server.baseUrl
    },
    get httpServer() {
      return server.app.server
    },
    makeUser: () => users.makeUser(server.database.db),
    password: users.TEST_PASSWORD,
    makeProduct: (overrides) => catalog.makeProduct(server.database.db, overrides),
  }
}
