import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freeCountry } from '../../testing/factories/carts.js'
import { makeProduct } from '../../testing/factories/catalog.js'
import { makeStockLocation, stockVariant } from '../../testing/factories/inventory.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { makeSalesChannel } from '../../testing/factories/sales-channels.js'
import { makeShippingOption } from '../../testing/factories/shipping.js'
import { testConfig, useTestApp } from '../../testing/test-app.js'
import { productVariant } from '../catalog/schema.js'
import { order } from '../orders/schema.js'
import { ensureStore } from '../store/service.js'
import { inventoryLevel } from './schema.js'

/**
 * No overselling across processes: 50 checkouts of one unit each race for 5 units, completed
 * through TWO real server processes (`emporium start`) sharing one PostgreSQL database. The carts
 * are prepared in this process; only the completions go through the two servers.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const ctx = useTestApp({ featureFlags: { ...testConfig().featureFlags, inventoryService: true } })
const db = () => ctx.app.db
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url))
const CARTS = 50
const STOCK = 5

interface Server {
  url: string
  child: ChildProcessWithoutNullStreams
  dataDir: string
}
const servers: Server[] = []
let region: RegionFixture
let seq = 0

/** `emporium start` over this file's PostgreSQL schema, with the inventory flag on or off. */
async function startServer(inventoryService: boolean): Promise<Server> {
  const databaseUrl = new URL(process.env.TEST_DATABASE_URL!)
  databaseUrl.searchParams.set('options', `-c search_path=${ctx.database.schema},public`)
  const dataDir = mkdtempSync(join(tmpdir(), 'emporium-oversell-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start', '--no-migrate', '--no-seed'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      PORT: '0',
      HOST: '127.0.0.1',
      EMPORIUM_DATA_DIR: dataDir,
      EMPORIUM_FF_INVENTORYSERVICE: String(inventoryService),
      STORE_CACHE_TTL_MS: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
  })
  const server = { child, dataDir, url: '' }
  servers.push(server)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const started = Date.now()
  for (;;) {
    const match = /Emporium is running on http:\/\/localhost:(\d+)/.exec(output)
    if (match) return Object.assign(server, { url: `http://127.0.0.1:${match[1]}` })
    if (child.exitCode !== null || Date.now() - started > 90_000) throw new Error(`server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  await ensureStore(db())
  region = await makeRegion(db(), { countries: [await freeCountry(db())], payment_providers: ['manual'] })
  await makeShippingOption(db(), region.id, { amount: 500 })
})

afterAll(() => {
  for (const server of servers) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL')
    rmSync(server.dataDir, { recursive: true, force: true })
  }
})

async function post(url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url, payload: payload as object })
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** A cart in the channel with one unit of the variant, ready to complete. */
async function readyCart(channelId: string, variantId: string): Promise<string> {
  const id: string = (await post('/store/carts', { region_id: region.id, sales_channel_id: channelId })).cart.id
  await post(`/store/carts/${id}/line-items`, { variant_id: variantId, quantity: 1 })
  await post(`/store/carts/${id}`, {
    email: `race-${++seq}@example.com`,
    shipping_address: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_1: '1 Analytical Row',
      city: 'Capital',
      postal_code: '1234',
      country_code: region.countries[0].iso_2,
    },
  })
  const options = await ctx.app.inject({ method: 'GET', url: `/store/shipping-options/${id}` })
  await post(`/store/carts/${id}/shipping-methods`, { option_id: options.json().shipping_options[0].id })
  await post(`/store/carts/${id}/payment-sessions`)
  await post(`/store/carts/${id}/payment-session`, { provider_id: 'manual' })
  return id
}

/** CARTS ready carts, prepared ten at a time (PostgreSQL serves them in parallel). */
async function readyCarts(channelId: string, variantId: string): Promise<string[]> {
  const carts: string[] = []
  while (carts.length < CARTS) {
    const batch = Math.min(10, CARTS - carts.length)
    carts.push(...(await Promise.all(Array.from({ length: batch }, () => readyCart(channelId, variantId)))))
  }
  return carts
}

/** Completes every cart at once, alternating between the two servers. */
async function completeEverywhere(pair: Server[], carts: string[]) {
  return Promise.all(
    carts.map(async (id, index) => {
      const res = await fetch(`${pair[index % 2].url}/store/carts/${id}/complete`, { method: 'POST' })
      return { status: res.status, body: (await res.json()) as { errors?: { code: string }[] } }
    }),
  )
}

function expectFiveSold(answers: { status: number; body: { errors?: { code: string }[] } }[]) {
  const statuses = answers.map((answer) => answer.status)
  expect(statuses.filter((status) => status === 200)).toHaveLength(STOCK)
  expect(statuses.filter((status) => status === 409)).toHaveLength(CARTS - STOCK)
  for (const refused of answers.filter((answer) => answer.status === 409)) {
    expect(refused.body.errors).toEqual([expect.objectContaining({ code: 'insufficient_inventory' })])
  }
}

describe('50 concurrent checkouts for 5 units over two server processes', () => {
  it.skipIf(!onPostgres)(
    'with the inventory module: 5 orders, 45 refusals, stocked − reserved = 0',
    async () => {
      const pair = await Promise.all([startServer(true), startServer(true)])
      const channel = await makeSalesChannel(db())
      const location = await makeStockLocation(db(), { sales_channel_ids: [channel.id] })
      const product = await makeProduct(db(), {
        sales_channel_ids: [channel.id],
        variants: [{ prices: [{ amount: 1000, region_id: region.id }] }],
      })
      const { level } = await stockVariant(db(), product.variants[0].id, location.id, STOCK)
      const carts = await readyCarts(channel.id, product.variants[0].id)

      expectFiveSold(await completeEverywhere(pair, carts))

      const [after] = await db().select().from(inventoryLevel).where(eq(inventoryLevel.id, level.id))
      expect(after).toMatchObject({ stocked_quantity: STOCK, reserved_quantity: STOCK })
      expect(after.stocked_quantity - after.reserved_quantity).toBe(0)
      const orders = await db().select().from(order).where(inArray(order.cart_id, carts))
      expect(orders).toHaveLength(STOCK)
      const [{ reservations }] = await db()
        .execute(
          sql`SELECT count(*)::int AS reservations FROM reservation_item WHERE inventory_item_id = ${level.inventory_item_id} AND deleted_at IS NULL`,
        )
        .then((result) => (result as unknown as { rows: { reservations: number }[] }).rows)
      expect(Number(reservations)).toBe(STOCK)
    },
    300_000,
  )

  it.skipIf(!onPostgres)(
    "without it: 5 orders, 45 refusals, the variant's own stock at 0",
    async () => {
      const pair = await Promise.all([startServer(false), startServer(false)])
      const channel = await makeSalesChannel(db())
      const product = await makeProduct(db(), {
        sales_channel_ids: [channel.id],
        variants: [{ inventory_quantity: STOCK, prices: [{ amount: 1000, region_id: region.id }] }],
      })
      const variantId = product.variants[0].id
      const carts = await readyCarts(channel.id, variantId)

      expectFiveSold(await completeEverywhere(pair, carts))

      const [after] = await db().select().from(productVariant).where(eq(productVariant.id, variantId))
      expect(after.inventory_quantity).toBe(0)
      expect(await db().select().from(order).where(inArray(order.cart_id, carts))).toHaveLength(STOCK)
    },
    300_000,
  )
})
