import { and, asc, eq, inArray, notInArray } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { DuplicateError, InvalidData, NotFound } from '../../core/errors.js'
import type { AdminPostStoreReq, Provider } from './contract.js'
import { currency, fulfillmentProvider, paymentProvider, store, storeCurrency, taxProvider } from './schema.js'
import { ADVISORY_LOCKS, holdAdvisoryLock } from '../../db/advisory-locks.js'

export type StoreRow = typeof store.$inferSelect
export type CurrencyRow = typeof currency.$inferSelect

/** The store's default sales channel, as db/schema.ts relates it (the sales-channels module owns the table). */
interface DefaultSalesChannel {
  id: string
  name: string
  description: string | null
  is_disabled: boolean
  metadata: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  deleted_at: Date | null
}

export interface StoreDetails extends StoreRow {
  currencies: CurrencyRow[]
  default_currency: CurrencyRow
  default_sales_channel: DefaultSalesChannel | null
}

const DEFAULT_CURRENCY = 'usd'

/**
 * The one store row, created on first use with the default currency (v1 creates it at boot).
 * Safe to call from several processes at once.
 */
export async function ensureStore(db: Db): Promise<StoreRow> {
  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, ADVISORY_LOCKS.store)
    const [existing] = await tx.select().from(store).orderBy(asc(store.created_at), asc(store.id)).limit(1)
    if (existing) return existing
    const [created] = await tx
      .insert(store)
      .values({ id: generateId('store'), default_currency_code: DEFAULT_CURRENCY })
      .returning()
    await tx.insert(storeCurrency).values({ store_id: created.id, currency_code: DEFAULT_CURRENCY })
    return created
  })
}

/** The store with its currencies, default currency and default sales channel. */
export async function retrieveStore(db: Db): Promise<StoreDetails> {
  const row = await db.query.store.findFirst({
    orderBy: [asc(store.created_at), asc(store.id)],
    with: {
      currencies: { with: { currency: true }, orderBy: [asc(storeCurrency.currency_code)] },
      default_currency: true,
      default_sales_channel: true,
    },
  })
  if (!row) throw new NotFound('Store does not exist')
  const { currencies, ...rest } = row
  return { ...rest, currencies: currencies.map((link) => link.currency) }
}

/** The store plus every payment and fulfillment provider row, as `GET /admin/store` shows it. */
export async function retrieveStoreWithProviders(
  db: Db,
): Promise<StoreDetails & { payment_providers: Provider[]; fulfillment_providers: Provider[] }> {
  const [details, payment_providers, fulfillment_providers] = await Promise.all([
    retrieveStore(db),
    listProviders(db, 'payment'),
    listProviders(db, 'fulfillment'),
  ])
  return { ...details, payment_providers, fulfillment_providers }
}

async function lockStore(db: Db): Promise<StoreRow & { currencyCodes: string[] }> {
  const [row] = await db.select().from(store).orderBy(asc(store.created_at), asc(store.id)).limit(1).for('update')
  if (!row) throw new NotFound('Store does not exist')
  const links = await db
    .select({ code: storeCurrency.currency_code })
    .from(storeCurrency)
    .where(eq(storeCurrency.store_id, row.id))
  return { ...row, currencyCodes: links.map((link) => link.code) }
}

/** Throws naming the first code that is not a known currency. */
async function assertCurrenciesExist(db: Db, codes: string[]): Promise<void> {
  if (codes.length === 0) return
  const found = await db.select({ code: currency.code }).from(currency).where(inArray(currency.code, codes))
  const known = new Set(found.map((row) => row.code))
  const missing = codes.find((code) => !known.has(code))
  if (missing) throw new InvalidData(`Currency with code ${missing} does not exist`)
}

export async function updateStore(db: Db, input: AdminPostStoreReq): Promise<StoreDetails> {
  return db.transaction(async (tx) => {
    const current = await lockStore(tx)
    let currencyCodes = current.currencyCodes
    if (input.currencies) {
      const codes = [...new Set(input.currencies.map((code) => code.toLowerCase()))]
      const nextDefault = (input.default_currency_code ?? current.default_currency_code).toLowerCase()
      if (!codes.includes(nextDefault)) {
        throw new InvalidData(
          'You are not allowed to remove default currency from store currencies without replacing it as well',
        )
      }
      await assertCurrenciesExist(tx, codes)
      await tx.delete(storeCurrency).where(eq(storeCurrency.store_id, current.id))
      await tx.insert(storeCurrency).values(codes.map((code) => ({ store_id: current.id, currency_code: code })))
      currencyCodes = codes
    }
    const defaultCode = input.default_currency_code?.toLowerCase()
    if (defaultCode !== undefined && !currencyCodes.includes(defaultCode)) {
      throw new InvalidData(`Store does not have currency: ${input.default_currency_code}`)
    }
    await tx
      .update(store)
      .set({
        name: input.name,
        swap_link_template: input.swap_link_template,
        payment_link_template: input.payment_link_template,
        invite_link_template: input.invite_link_template,
        default_currency_code: defaultCode,
        metadata: mergedMetadata(store.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(store.id, current.id))
    return retrieveStore(tx)
  })
}

export async function addStoreCurrency(db: Db, code: string): Promise<StoreDetails> {
  const lower = code.toLowerCase()
  return db.transaction(async (tx) => {
    const current = await lockStore(tx)
    await assertCurrenciesExist(tx, [lower])
    if (current.currencyCodes.includes(lower)) throw new DuplicateError(`Currency ${lower} already added`)
    await tx.insert(storeCurrency).values({ store_id: current.id, currency_code: lower })
    return retrieveStore(tx)
  })
}

export async function removeStoreCurrency(db: Db, code: string): Promise<StoreDetails> {
  const lower = code.toLowerCase()
  return db.transaction(async (tx) => {
    const current = await lockStore(tx)
    if (current.default_currency_code === lower) {
      throw new InvalidData(`Currency ${lower} is the store's default currency and cannot be removed`)
    }
    // Removing a currency the store does not have is a no-op, as in v1.
    await tx
      .delete(storeCurrency)
      .where(and(eq(storeCurrency.store_id, current.id), eq(storeCurrency.currency_code, lower)))
    return retrieveStore(tx)
  })
}

const providerTables = { payment: paymentProvider, fulfillment: fulfillmentProvider, tax: taxProvider }
export type ProviderKind = keyof typeof providerTables

/** Every provider row of a kind, installed or not. */
export async function listProviders(db: Db, kind: ProviderKind): Promise<Provider[]> {
  const table = providerTables[kind]
  return db.select({ id: table.id, is_installed: table.is_installed }).from(table).orderBy(asc(table.id))
}

/**
 * Records the providers this server runs with: they are installed, and rows left from providers
 * no longer configured are kept (regions and payments reference them) but marked not installed.
 */
export async function syncProviders(
  db: Db,
  providers: { payment: string[]; fulfillment: string[]; tax: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const kind of Object.keys(providerTables) as ProviderKind[]) {
      const table = providerTables[kind] as typeof paymentProvider
      const ids = [...new Set(providers[kind])]
      if (ids.length > 0) {
        await tx
          .insert(table)
          .values(ids.map((id) => ({ id, is_installed: true })))
          .onConflictDoUpdate({ target: table.id, set: { is_installed: true } })
      }
      await tx
        .update(table)
        .set({ is_installed: false })
        .where(and(eq(table.is_installed, true), ids.length > 0 ? notInArray(table.id, ids) : undefined))
    }
  })
}
