/**
 * The storefront's writes: creating carts, adding to them, and whole checkouts. Unlike the reads,
 * they need what the catalogue seed does not make (carts to add to, a shipping option, variants
 * with stock to sell), so each scenario's `setup` finds or makes it through the API first.
 */
import type autocannon from 'autocannon'
import { and, asc, eq, exists, gte, isNull, or, sql } from 'drizzle-orm'
import { openDatabase } from '../../packages/server/src/db/connection.js'
import type { Db } from '../../packages/server/src/db/types.js'
import {
  moneyAmount,
  product,
  productSalesChannel,
  productVariant,
} from '../../packages/server/src/modules/catalog/schema.js'
import { country, region, regionPaymentProvider } from '../../packages/server/src/modules/regions/schema.js'
import { paymentProvider } from '../../packages/server/src/modules/store/schema.js'
import { publishableApiKeySalesChannel } from '../../packages/server/src/modules/sales-channels/schema.js'
import { readDemoLogin } from '../../packages/server/src/seed/demo.js'
import { benchConfig } from './env.js'
import type { Context, Fixtures, Scenario, Step } from './scenarios.js'

/** Carts a scenario rotates over at a time: four per connection, so no request waits on another's cart lock. */
const CART_POOL = 200
/**
 * The line-item scenario adds to a cart this many times, then moves on to a fresh one: a shopper's
 * cart holds a few lines, and a run's figure must not depend on how long it ran or how fast the
 * server was (on a fixed pool, a faster server fills its carts sooner, and each add then carries a
 * bigger cart back).
 */
const ADDS_PER_CART = 5
/** Adds per second the scenario makes fresh carts for: twice the target. Beyond it, carts fill up further. */
const MAX_ADDS_PER_SECOND = 2000
/** Variants to sell, drawn from the whole catalogue. */
const VARIANT_POOL = 2000
/**
 * Only variants with at least this much stock (or none to manage) are sold: a line may be added
 * twice to a cart, and every completed checkout takes a unit, so a run must never sell out.
 */
const MIN_STOCK = 20
/** The rate of the shipping option the setup creates when the region has none it can use. */
const FLAT_RATE = 500

// ---------------------------------------------------------------------------------------------
// Setup: what every cart scenario needs, found or made once per run

interface Api {
  url: string
  headers: Record<string, string>
}

async function call<T>(api: Api, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: body === undefined ? api.headers : { ...api.headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  })
  const text = await response.text()
  if (!response.ok)
    throw new Error(`${method} ${path.split('?')[0]} answered ${response.status}: ${text.slice(0, 500)}`)
  return JSON.parse(text) as T
}

interface Prepared {
  shippingOptionId: string
  variantIds: string[]
  /** A country of the region for the shipping address: `us` in the demo's North America. */
  countryCode: string
}

interface ShippingOption {
  id: string
  profile_id: string
  price_type: string
  admin_only: boolean
  requirements?: unknown[]
}

/** The admin API as the demo admin, or undefined when the bench database has no demo login. */
async function adminApi(db: Db, api: Api, databaseUrl: string): Promise<Api | undefined> {
  const login = await readDemoLogin(db, benchConfig(databaseUrl))
  if (!login?.password) return undefined
  const { access_token: token } = await call<{ access_token: string }>(api, 'POST', '/admin/auth/token', {
    email: login.email,
    password: login.password,
  })
  return { url: api.url, headers: { authorization: `Bearer ${token}` } }
}

/**
 * Links the `test` payment provider (a gateway stand-in, not `local`) to the region, or unlinks it.
 * Only the gateway checkout has it: payment sessions are made for every provider of the region, and
 * the plain checkout must not pay for a second one. Written to the database, as the server does not
 * offer `test` to staff.
 */
async function linkGatewayProvider(databaseUrl: string, regionId: string, linked: boolean): Promise<void> {
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 })
  try {
    const { db } = database
    const link = and(eq(regionPaymentProvider.region_id, regionId), eq(regionPaymentProvider.provider_id, 'test'))
    if (!linked) {
      await db.delete(regionPaymentProvider).where(link)
      return
    }
    await db.insert(paymentProvider).values({ id: 'test', is_installed: false }).onConflictDoNothing()
    await db.insert(regionPaymentProvider).values({ region_id: regionId, provider_id: 'test' }).onConflictDoNothing()
  } finally {
    await database.close()
  }
}

/**
 * The region's flat-rate shipping option in the default profile, created through the admin API
 * (as the demo admin) when there is none: the bench database may predate the demo's options.
 */
async function ensureShippingOption(admin: Api, regionId: string) {
  const [{ shipping_options: options }, { shipping_profiles: profiles }] = await Promise.all([
    call<{ shipping_options: ShippingOption[] }>(
      admin,
      'GET',
      `/admin/shipping-options?region_id=${regionId}&is_return=false&admin_only=false`,
    ),
    call<{ shipping_profiles: { id: string; type: string }[] }>(admin, 'GET', '/admin/shipping-profiles'),
  ])
  const profileId = profiles.find((profile) => profile.type === 'default')?.id
  const usable = options.find(
    (option) =>
      option.profile_id === profileId &&
      option.price_type === 'flat_rate' &&
      !option.admin_only &&
      (option.requirements ?? []).length === 0,
  )
  if (usable) return usable
  const { shipping_option: created } = await call<{ shipping_option: ShippingOption }>(
    admin,
    'POST',
    '/admin/shipping-options',
    {
      name: 'Standard Shipping',
      region_id: regionId,
      provider_id: 'manual',
      data: { id: 'manual-fulfillment' },
      price_type: 'flat_rate',
      amount: FLAT_RATE,
    },
  )
  console.log(`  (created the flat-rate shipping option ${created.id} in the benchmark's region)`)
  return created
}

/**
 * Variants a shopper in the region can buy and check out: published in the key's sales channel,
 * priced in the region's currency, in stock, and of a product in the shipping option's profile.
 */
async function sellableVariants(db: Db, keyId: string, currency: string, profileId: string): Promise<string[]> {
  const priced = db
    .select({ one: sql`1` })
    .from(moneyAmount)
    .where(
      and(
        eq(moneyAmount.variant_id, productVariant.id),
        eq(moneyAmount.currency_code, currency),
        isNull(moneyAmount.price_list_id),
        isNull(moneyAmount.deleted_at),
      ),
    )
  const rows = await db
    .select({ id: productVariant.id })
    .from(productVariant)
    .innerJoin(product, eq(product.id, productVariant.product_id))
    .innerJoin(productSalesChannel, eq(productSalesChannel.product_id, product.id))
    .innerJoin(
      publishableApiKeySalesChannel,
      and(
        eq(publishableApiKeySalesChannel.sales_channel_id, productSalesChannel.sales_channel_id),
        eq(publishableApiKeySalesChannel.publishable_key_id, keyId),
      ),
    )
    .where(
      and(
        eq(product.status, 'published'),
        isNull(product.deleted_at),
        isNull(productVariant.deleted_at),
        eq(product.profile_id, profileId),
        or(
          eq(productVariant.manage_inventory, false),
          eq(productVariant.allow_backorder, true),
          gte(productVariant.inventory_quantity, MIN_STOCK),
        ),
        exists(priced),
      ),
    )
    .orderBy(sql`random()`)
    .limit(VARIANT_POOL)
  return rows.map((row) => row.id)
}

async function findOrMake(url: string, databaseUrl: string, fixtures: Fixtures): Promise<Prepared | string> {
  const { regionId, publishableKey } = fixtures
  if (!regionId || !publishableKey) return 'no region or publishable key (run bench:seed)'
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 })
  try {
    const { db } = database
    const [place] = await db
      .select({ currency: region.currency_code, country: country.iso_2 })
      .from(region)
      .innerJoin(country, eq(country.region_id, region.id))
      .where(eq(region.id, regionId))
      .orderBy(sql`${country.iso_2} <> 'us'`, asc(country.iso_2))
      .limit(1)
    if (!place) return 'the region has no country to ship to'
    const admin = await adminApi(db, { url, headers: {} }, databaseUrl)
    if (!admin) return 'no demo admin login in bench/.emporium/data to create a shipping option with'
    const option = await ensureShippingOption(admin, regionId)
    const variantIds = await sellableVariants(db, publishableKey, place.currency, option.profile_id)
    if (variantIds.length === 0) return 'no variant in stock in the default shipping profile (run bench:seed again)'
    return { shippingOptionId: option.id, variantIds, countryCode: place.country }
  } finally {
    await database.close()
  }
}

let prepared: Promise<Prepared | string> | undefined

/** Found once, by whichever cart scenario runs first; the others reuse it. */
const prepare = (url: string, databaseUrl: string, fixtures: Fixtures) =>
  (prepared ??= findOrMake(url, databaseUrl, fixtures))

// ---------------------------------------------------------------------------------------------
// Steps

const storefront = (fixtures: Fixtures) => ({ 'x-publishable-api-key': fixtures.publishableKey! })
const json = (fixtures: Fixtures) => ({ ...storefront(fixtures), 'content-type': 'application/json' })
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]
const cartIdOf = (body: string) => (JSON.parse(body) as { cart: { id: string } }).cart.id

/**
 * A step on the connection's cart, whose path names `{cart}`. After a refusal the iteration is
 * abandoned, so one failure counts once rather than once more for every later step.
 */
function onCart(fixtures: Fixtures, path: string, body?: () => unknown): Step {
  return {
    method: 'POST',
    path,
    headers: body ? json(fixtures) : storefront(fixtures),
    setupRequest: (request: autocannon.Request, context: Context) =>
      typeof context.cartId === 'string' && !context.failed
        ? {
            ...request,
            path: path.replace('{cart}', context.cartId),
            ...(body && { body: JSON.stringify(body()) }),
          }
        : undefined,
    onResponse: (status, _body, context) => {
      if (status >= 300) context.failed = true
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Scenarios

const createCart: Scenario = {
  name: 'create cart',
  target: 'server',
  missing: 'no region or publishable key (run bench:seed)',
  steps: (fixtures) =>
    fixtures.regionId && fixtures.publishableKey
      ? [
          {
            method: 'POST',
            path: '/store/carts',
            headers: json(fixtures),
            body: JSON.stringify({ region_id: fixtures.regionId }),
          },
        ]
      : undefined,
}

/**
 * The cart the `n`th add goes to: the adds rotate over a window of `CART_POOL` carts, and once each
 * has had `ADDS_PER_CART`, over the next window; past the last cart they start over from the first.
 */
function cartForAdd(n: number, carts: number): number {
  const window = Math.min(CART_POOL, carts)
  const round = Math.floor(n / (window * ADDS_PER_CART))
  return (round * window + (n % window)) % carts
}

/** Adds a random variant to fresh carts made in setup, `ADDS_PER_CART` to each (see `cartForAdd`). */
function addLineItem(): Scenario {
  let ready: { carts: string[]; variantIds: string[] } | undefined
  let next = 0
  return {
    name: 'add line item',
    target: 'server',
    async setup({ url, databaseUrl, seconds }, fixtures) {
      const found = await prepare(url, databaseUrl, fixtures)
      if (typeof found === 'string') return found
      const shopper: Api = { url, headers: storefront(fixtures) }
      const wanted = Math.max(CART_POOL, Math.ceil((seconds * MAX_ADDS_PER_SECOND) / ADDS_PER_CART))
      const carts: string[] = []
      // Made before the load, and their speed is not measured.
      for (let made = 0; made < wanted; made += 50) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, wanted - made) }, () =>
            call<{ cart: { id: string } }>(shopper, 'POST', '/store/carts', { region_id: fixtures.regionId }),
          ),
        )
        carts.push(...batch.map((answer) => answer.cart.id))
      }
      console.log(`  (made ${carts.length} empty carts, ${ADDS_PER_CART} adds each at up to ${MAX_ADDS_PER_SECOND}/s)`)
      ready = { carts, variantIds: found.variantIds }
      return undefined
    },
    steps(fixtures) {
      if (!ready) return undefined
      const { carts, variantIds } = ready
      return [
        {
          method: 'POST',
          path: '/store/carts/{cart}/line-items',
          headers: json(fixtures),
          setupRequest: (request) => ({
            ...request,
            path: `/store/carts/${carts[cartForAdd(next++, carts.length)]}/line-items`,
            body: JSON.stringify({ variant_id: pick(variantIds), quantity: 1 }),
          }),
        },
      ]
    },
  }
}

/** Reads the next cart of a pool made in setup, each with two lines, round-robin. */
function getCart(): Scenario {
  let carts: string[] | undefined
  let next = 0
  return {
    name: 'get cart',
    target: 'server',
    async setup({ url, databaseUrl }, fixtures) {
      const found = await prepare(url, databaseUrl, fixtures)
      if (typeof found === 'string') return found
      const shopper: Api = { url, headers: storefront(fixtures) }
      const made: string[] = []
      for (let count = 0; count < CART_POOL; count += 10) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, () =>
            call<{ cart: { id: string } }>(shopper, 'POST', '/store/carts', {
              region_id: fixtures.regionId,
              items: [
                { variant_id: pick(found.variantIds), quantity: 1 },
                { variant_id: pick(found.variantIds), quantity: 2 },
              ],
            }),
          ),
        )
        made.push(...batch.map((answer) => answer.cart.id))
      }
      carts = made
      return undefined
    },
    steps(fixtures) {
      if (!carts) return undefined
      const pool = carts
      return [
        {
          method: 'GET',
          path: '/store/carts/{cart}',
          headers: storefront(fixtures),
          setupRequest: (request) => ({ ...request, path: `/store/carts/${pool[next++ % pool.length]}` }),
        },
      ]
    },
  }
}

/**
 * A guest's whole checkout, as a storefront makes it: cart, item, e-mail and address, shipping
 * method, payment sessions, the provider chosen, completion. Each of the 10 connections is a
 * shopper going through the 7 steps again and again. With `gateway`, the payment goes through the
 * `test` provider, which is not `local`: authorized outside the cart's transaction, as a real
 * gateway is (docs/adr/0004-in-process-providers.md compares the two).
 */
function checkout(gateway = false): Scenario {
  let ready: Prepared | undefined
  // Each checkout is a new guest, as most are: their e-mail makes a customer record.
  const run = Date.now().toString(36)
  let shoppers = 0
  return {
    name: gateway ? 'checkout (gateway provider)' : 'checkout',
    target: 'server',
    connections: 10,
    async setup({ url, databaseUrl }, fixtures) {
      const found = await prepare(url, databaseUrl, fixtures)
      if (typeof found === 'string') return found
      await linkGatewayProvider(databaseUrl, fixtures.regionId!, gateway)
      ready = found
      return undefined
    },
    steps(fixtures) {
      if (!ready) return undefined
      const { variantIds, countryCode, shippingOptionId } = ready
      const providerId = gateway ? 'test' : 'manual'
      return [
        {
          method: 'POST',
          path: '/store/carts',
          headers: json(fixtures),
          body: JSON.stringify({ region_id: fixtures.regionId }),
          onResponse: (status, body, context) => {
            if (status === 200) context.cartId = cartIdOf(body)
          },
        },
        onCart(fixtures, '/store/carts/{cart}/line-items', () => ({
          variant_id: pick(variantIds),
          quantity: 1,
        })),
        onCart(fixtures, '/store/carts/{cart}', () => ({
          email: `shopper-${run}-${++shoppers}@bench.emporium.test`,
          shipping_address: {
            first_name: 'Bench',
            last_name: 'Shopper',
            address_1: '1 Load Street',
            city: 'Springfield',
            postal_code: '12345',
            country_code: countryCode,
          },
        })),
        onCart(fixtures, '/store/carts/{cart}/shipping-methods', () => ({ option_id: shippingOptionId })),
        onCart(fixtures, '/store/carts/{cart}/payment-sessions'),
        onCart(fixtures, '/store/carts/{cart}/payment-session', () => ({ provider_id: providerId })),
        onCart(fixtures, '/store/carts/{cart}/complete'),
      ]
    },
  }
}

/** In the order they run, after the catalogue's reads. */
export const checkoutScenarios: Scenario[] = [createCart, addLineItem(), getCart(), checkout(), checkout(true)]
