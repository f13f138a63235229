import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Config } from '../config.js'
import type { Db } from '../db/types.js'
import { region } from '../modules/regions/schema.js'
import { createRegion } from '../modules/regions/service.js'
import { addSalesChannelsToKey, createPublishableApiKey } from '../modules/sales-channels/publishable-keys.js'
import { publishableApiKey } from '../modules/sales-channels/schema.js'
import { createSalesChannel } from '../modules/sales-channels/service.js'
import { store } from '../modules/store/schema.js'
import { ensureStore, syncProviders, updateStore } from '../modules/store/service.js'
import { user } from '../modules/users/schema.js'
import { createUser } from '../modules/users/service.js'
import { DEFAULT_PROVIDER_IDS } from '../providers/registry.js'

export const DEMO_ADMIN_EMAIL = 'admin@emporium.test'

interface DemoLogin {
  email: string
  password?: string
  publishableKey?: string
}

const loginFile = (config: Config) => join(config.dataDir, 'demo-login.json')

/** No staff and no regions yet: nobody has set this store up (the store row itself exists from start-up). */
export async function isEmptyStore(db: Db): Promise<boolean> {
  const [[anyUser], [anyRegion]] = await Promise.all([
    db.select({ id: user.id }).from(user).limit(1),
    db.select({ id: region.id }).from(region).limit(1),
  ])
  return anyUser === undefined && anyRegion === undefined
}

function step(progress: boolean, label: string): void {
  if (progress) console.log(`  ✓ ${label}`)
}

/**
 * A small, real-looking store to start from: currencies, two regions with manual payment and
 * fulfillment, the default sales channel with a publishable key for the storefront, and an admin
 * whose generated password is kept in the data folder so every start can print it.
 */
export async function seedDemoStore(db: Db, config: Config, options: { progress: boolean }): Promise<DemoLogin> {
  const { progress } = options
  await syncProviders(db, DEFAULT_PROVIDER_IDS)
  const created = await ensureStore(db)
  await updateStore(db, {
    name: 'Emporium Demo Store',
    currencies: ['usd', 'eur', 'gbp', 'jpy'],
    default_currency_code: 'usd',
  })
  step(progress, 'store "Emporium Demo Store" with USD, EUR, GBP and JPY')

  await createRegion(db, {
    name: 'North America',
    currency_code: 'usd',
    tax_rate: 0,
    payment_providers: ['manual'],
    fulfillment_providers: ['manual'],
    countries: ['us', 'ca'],
  })
  await createRegion(db, {
    name: 'Europe',
    currency_code: 'eur',
    tax_rate: 20,
    payment_providers: ['manual'],
    fulfillment_providers: ['manual'],
    countries: ['de', 'fr', 'it', 'es', 'nl', 'be', 'at', 'ie', 'pt', 'fi', 'dk', 'se'],
  })
  step(progress, 'regions North America (USD) and Europe (EUR)')

  const channel = await createSalesChannel(db, {
    name: 'Default Sales Channel',
    description: 'Created by the demo seed',
  })
  await db.update(store).set({ default_sales_channel_id: channel.id }).where(eq(store.id, created.id))

  const password = randomBytes(9).toString('base64url')
  const admin = await createUser(db, {
    email: DEMO_ADMIN_EMAIL,
    password,
    first_name: 'Demo',
    last_name: 'Admin',
    role: 'admin',
  })
  const key = await createPublishableApiKey(db, { title: 'Demo storefront' }, admin.id)
  await addSalesChannelsToKey(db, key.id, [channel.id])
  step(progress, 'default sales channel and the storefront publishable key')

  const login = { email: admin.email, password }
  mkdirSync(config.dataDir, { recursive: true })
  writeFileSync(loginFile(config), JSON.stringify(login, null, 2), { mode: 0o600 })
  step(progress, `admin user ${admin.email}`)
  return { ...login, publishableKey: key.id }
}

/** The demo admin's login (when the seed created it and it still exists) and the storefront key. */
export async function readDemoLogin(db: Db, config: Config): Promise<DemoLogin | undefined> {
  const [key] = await db
    .select({ id: publishableApiKey.id })
    .from(publishableApiKey)
    .where(isNull(publishableApiKey.revoked_at))
    .orderBy(asc(publishableApiKey.created_at))
    .limit(1)
  const file = loginFile(config)
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoLogin) : undefined
  if (!saved) return key ? { email: '(see your staff users)', publishableKey: key.id } : undefined
  const [admin] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = ${saved.email.toLowerCase()}`, isNull(user.deleted_at)))
    .limit(1)
  return admin
    ? { ...saved, publishableKey: key?.id }
    : key
      ? { email: '(see your staff users)', publishableKey: key.id }
      : undefined
}
