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
  /** The order fixtures of the server's own tests, on this server's database. */
  orders: OrderFixtures
  /** Runs the queued events and batch jobs to the end (an export completes). */
  settle(): Promise<void>
}

export interface OrderFixtures {
  /**
   * A captured order of 2 fulfilled shirts (22.00 with tax) in a usd region paid through `test`,
   * with a cheaper and a dearer variant to swap or claim for, a shipping option at 0 and a return
   * option at 2.00.
   */
  swappableOrder(): Promise<{
    region: { id: string }
    order: { id: string }
    shirt: { id: string }
    cheap: string
    dear: string
    option: { id: string }
    returnOption: { id: string }
  }>
  /** The shopper pays for and completes a swap's cart, which confirms the swap. */
  checkoutSwapCart(cartId: string): Promise<{ status: number }>
  makeRegion(overrides: { currency_code: string; countries?: string[] }): Promise<{ id: string }>
  makeShippingOption(
    regionId: string,
    overrides: { name: string; amount: number; profile_id?: string; is_return?: boolean },
  ): Promise<{ id: string }>
  /** The store's default and gift-card shipping profiles. */
  defaultProfiles(): Promise<{ default: { id: string }; gift_card: { id: string } }>
  freeCountry(): Promise<string>
}

interface ServerTestingModules {
  live: {
    liveServerForFile(): {
      baseUrl: string
      app: {
        server: LiveServer['httpServer']
        events: { drain(): Promise<void> }
        batchJobs: { drain(): Promise<void> }
      }
      database: { db: unknown }
    }
  }
  swaps: {
    swappableOrder(db: unknown): ReturnType<OrderFixtures['swappableOrder']>
    checkoutSwapCart(app: unknown, cartId: string): ReturnType<OrderFixtures['checkoutSwapCart']>
  }
  regions: { makeRegion(db: unknown, overrides: object): Promise<{ id: string }> }
  shipping: {
    makeShippingOption(db: unknown, regionId: string, overrides: object): Promise<{ id: string }>
    defaultProfiles(db: unknown): ReturnType<OrderFixtures['defaultProfiles']>
  }
  carts: { freeCountry(db: unknown): Promise<string> }
  catalog: { makeProduct(db: unknown, overrides: object): Promise<{ id: string }> }
  users: { makeUser(db: unknown): Promise<{ email: string }>; TEST_PASSWORD: string }
  page: object
}

const SOURCES = {
  live: '../../../../packages/react/src/testing/live-server',
  catalog: '../../../../packages/server/src/testing/factories/catalog',
  users: '../../../../packages/server/src/testing/factories/users',
  swaps: '../../../../packages/server/src/modules/orders/swaps/test-helpers',
  regions: '../../../../packages/server/src/testing/factories/regions',
  shipping: '../../../../packages/server/src/testing/factories/shipping',
  carts: '../../../../packages/server/src/testing/factories/carts',
  // A jsdom page made after the server loads (it must load as Node code) and before React.
  page: '../../../../packages/react/src/testing/dom',
}

const load = async <K extends keyof ServerTestingModules>(name: K) =>
  (await import(/* @vite-ignore */ new URL(SOURCES[name], import.meta.url).href)) as ServerTestingModules[K]

const [live, catalog, users, swaps, regions, shipping, carts] = await Promise.all([
  load('live'),
  load('catalog'),
  load('users'),
  load('swaps'),
  load('regions'),
  load('shipping'),
  load('carts'),
])
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
    orders: {
      swappableOrder: () => swaps.swappableOrder(server.database.db),
      checkoutSwapCart: (cartId) => swaps.checkoutSwapCart(server.app, cartId),
      makeRegion: (overrides) => regions.makeRegion(server.database.db, overrides),
      makeShippingOption: (regionId, overrides) => shipping.makeShippingOption(server.database.db, regionId, overrides),
      defaultProfiles: () => shipping.defaultProfiles(server.database.db),
      freeCountry: () => carts.freeCountry(server.database.db),
    },
    settle: async () => {
      await server.app.events.drain()
      await server.app.batchJobs.drain()
      await server.app.events.drain()
    },
  }
}
