import { and, asc, eq, getTableColumns, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import { concurrently } from '../../db/fast-path/concurrent.js'
import { prepared } from '../../db/fast-path/prepared.js'
import { groupBy } from '../../db/group-rows.js'
import { generateId } from '../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import { DuplicateError, InvalidData, NotFound } from '../../core/errors.js'
import {
  type DateComparisonValue,
  dateConditions,
  likePattern,
  listAnswer,
  type ListAnswer,
  listTotal,
  orderBy,
  type Page,
  parseExpand,
  parseFields,
  softDeleteCondition,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { currency, storeCurrency } from '../store/schema.js'
import type { CurrencyRow } from '../store/service.js'
import {
  REGION_FIELDS,
  REGION_RELATIONS,
  type AdminPostRegionsRegionReq,
  type AdminPostRegionsReq,
} from './contract.js'
import { fulfillmentProvider, paymentProvider, taxProvider } from '../store/schema.js'
import { country, region, regionFulfillmentProvider, regionPaymentProvider } from './schema.js'

const SORTABLE = sortableColumns({ created_at: region.created_at, updated_at: region.updated_at, name: region.name })

export type RegionRow = typeof region.$inferSelect
export type CountryRow = typeof country.$inferSelect
export type ProviderRow = typeof paymentProvider.$inferSelect

/** A region as answered on the wire: the selected columns plus the expanded relations. */
export type RegionView = Partial<RegionRow> & {
  id: string
  countries?: CountryRow[]
  payment_providers?: ProviderRow[]
  fulfillment_providers?: ProviderRow[]
  currency?: CurrencyRow
}

/** `expand` and `fields` as sent in the query string. */
export interface RegionSelection {
  expand?: string
  fields?: string
}

export interface ListRegionsQuery extends RegionSelection {
  q?: string
  created_at?: DateComparisonValue
  updated_at?: DateComparisonValue
  deleted_at?: DateComparisonValue
  order?: string
}

type RegionColumns = ReturnType<typeof getTableColumns<typeof region>>

/** The columns a read selects: `fields` (or all), plus what the relations asked for need. */
function regionSelection(selection: RegionSelection, list: boolean) {
  const relations = parseExpand(selection.expand, REGION_RELATIONS, REGION_RELATIONS)
  const fields = parseFields(selection.fields, REGION_FIELDS)
  if (fields && list) fields.add('created_at')
  const all = getTableColumns(region)
  const needed = new Set<string>(fields ?? Object.keys(all))
  // The currency is found by its code, which `fields` may leave out of the answer.
  if (relations.has('currency')) needed.add('currency_code')
  const columns = Object.fromEntries(
    Object.entries(all).filter(([name]) => needed.has(name)),
  ) as Partial<RegionColumns> as RegionColumns
  const hidden = fields && !fields.has('currency_code') && relations.has('currency') ? 'currency_code' : undefined
  return { relations, columns, hidden }
}

const ids = sql.placeholder('ids')

/**
 * Each relation in one query for a whole page of regions, prepared under a fixed name so that
 * PostgreSQL plans it once per connection: the storefront asks for regions on every page load, and
 * planning the single relational query (a lateral join per relation) cost more than running it.
 */
const countriesOfRegions = prepared('regions_countries_of_regions', (db) =>
  db
    .select()
    .from(country)
    .where(sql`${country.region_id} = ANY(${ids})`)
    .orderBy(asc(country.iso_2)),
)

const paymentProvidersOfRegions = prepared('regions_payment_providers_of_regions', (db) =>
  db
    .select({ region_id: regionPaymentProvider.region_id, provider: paymentProvider })
    .from(regionPaymentProvider)
    .innerJoin(paymentProvider, eq(paymentProvider.id, regionPaymentProvider.provider_id))
    .where(sql`${regionPaymentProvider.region_id} = ANY(${ids})`)
    .orderBy(asc(regionPaymentProvider.provider_id)),
)

const fulfillmentProvidersOfRegions = prepared('regions_fulfillment_providers_of_regions', (db) =>
  db
    .select({ region_id: regionFulfillmentProvider.region_id, provider: fulfillmentProvider })
    .from(regionFulfillmentProvider)
    .innerJoin(fulfillmentProvider, eq(fulfillmentProvider.id, regionFulfillmentProvider.provider_id))
    .where(sql`${regionFulfillmentProvider.region_id} = ANY(${ids})`)
    .orderBy(asc(regionFulfillmentProvider.provider_id)),
)

const currenciesByCode = prepared('regions_currencies_by_code', (db) =>
  db
    .select()
    .from(currency)
    .where(sql`${currency.code} = ANY(${ids})`),
)

/** Attaches the expanded relations to regions, with one query per relation for the whole page. */
async function withRelations(
  db: Db,
  rows: Partial<RegionRow>[],
  relations: ReadonlySet<string>,
  hidden: string | undefined,
): Promise<RegionView[]> {
  if (rows.length === 0) return []
  const regionIds = rows.map((row) => row.id!)
  const codes = [...new Set(rows.map((row) => row.currency_code!))]
  const none = <T>(): Promise<T[]> => Promise.resolve([])
  const [countries, payment, fulfillment, currencies] = await concurrently(db, [
    () => (relations.has('countries') ? countriesOfRegions(db, { ids: regionIds }) : none<CountryRow>()),
    () =>
      relations.has('payment_providers')
        ? paymentProvidersOfRegions(db, { ids: regionIds })
        : none<{ region_id: string; provider: ProviderRow }>(),
    () =>
      relations.has('fulfillment_providers')
        ? fulfillmentProvidersOfRegions(db, { ids: regionIds })
        : none<{ region_id: string; provider: ProviderRow }>(),
    () => (relations.has('currency') ? currenciesByCode(db, { ids: codes }) : none<CurrencyRow>()),
  ] as const)
  const countriesByRegion = groupBy(countries, (row) => row.region_id)
  const paymentByRegion = groupBy(payment, (row) => row.region_id)
  const fulfillmentByRegion = groupBy(fulfillment, (row) => row.region_id)
  const currencyByCode = new Map(currencies.map((row) => [row.code, row]))
  return rows.map((row) => {
    const view = row as RegionView
    if (relations.has('countries')) view.countries = countriesByRegion.get(view.id) ?? []
    if (relations.has('payment_providers')) {
      view.payment_providers = (paymentByRegion.get(view.id) ?? []).map((link) => link.provider)
    }
    if (relations.has('fulfillment_providers')) {
      view.fulfillment_providers = (fulfillmentByRegion.get(view.id) ?? []).map((link) => link.provider)
    }
    if (relations.has('currency')) {
      const found = currencyByCode.get(view.currency_code!)
      if (found) view.currency = found
    }
    if (hidden) delete view[hidden as keyof RegionView]
    return view
  })
}

/** A page of regions; the admin and the store lists page them by their own defaults. */
export async function listRegions(
  db: Db,
  query: ListRegionsQuery,
  page: Page,
): Promise<ListAnswer<'regions', RegionView>> {
  const where = whereAll([
    ...softDeleteCondition(region.deleted_at, query.deleted_at),
    ...dateConditions(region.created_at, query.created_at, 'created_at'),
    ...dateConditions(region.updated_at, query.updated_at, 'updated_at'),
    query.q ? ilike(region.name, likePattern(query.q)) : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', region.id)
  const { relations, columns, hidden } = regionSelection(query, true)
  const rows = await db
    .select(columns)
    .from(region)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const [regions, total] = await concurrently(db, [
    () => withRelations(db, rows, relations, hidden),
    () => listTotal(db, region, where, { rows: rows.length, ...page }),
  ])
  return listAnswer('regions', regions, total, page)
}

export async function retrieveRegion(db: Db, id: string, selection: RegionSelection = {}): Promise<RegionView> {
  const { relations, columns, hidden } = regionSelection(selection, false)
  const [row] = await db
    .select(columns)
    .from(region)
    .where(and(eq(region.id, id), isNull(region.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('Region', id)
  const [view] = await withRelations(db, [row], relations, hidden)
  return view
}

/** Locks a live region for the rest of the transaction, so changes to one region serialize. */
export async function lockRegion(db: Db, id: string): Promise<RegionRow> {
  const [row] = await db
    .select()
    .from(region)
    .where(and(eq(region.id, id), isNull(region.deleted_at)))
    .for('update')
  if (!row) throw NotFound.entity('Region', id)
  return row
}

/** v1 only lets a region use a currency the store has. */
async function assertStoreCurrency(db: Db, code: string): Promise<string> {
  const lower = code.toLowerCase()
  const [row] = await db
    .select({ code: currency.code, inStore: storeCurrency.currency_code })
    .from(currency)
    .leftJoin(storeCurrency, eq(storeCurrency.currency_code, currency.code))
    .where(eq(currency.code, lower))
    .limit(1)
  if (!row) throw new InvalidData(`Currency with code ${code} does not exist`)
  if (!row.inStore) throw new InvalidData(`Currency ${lower} is not one of the store's currencies`)
  return lower
}

const providerKinds = {
  payment: { table: paymentProvider, link: regionPaymentProvider, label: 'Payment provider' },
  fulfillment: { table: fulfillmentProvider, link: regionFulfillmentProvider, label: 'Fulfillment provider' },
}
export type RegionProviderKind = keyof typeof providerKinds

/** The distinct ids, after checking each names a provider row. */
export async function resolveProviders(db: Db, kind: RegionProviderKind, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return wanted
  const { table, label } = providerKinds[kind]
  const found = await db
    .select({ id: table.id })
    .from(table as typeof paymentProvider)
    .where(inArray(table.id, wanted))
  const known = new Set(found.map((row) => row.id))
  const missing = wanted.find((id) => !known.has(id))
  if (missing) throw new InvalidData(`${label} with id ${missing} does not exist`)
  return wanted
}

/** Links providers to a region; with `replace`, unlinks the region's other providers. */
export async function linkProviders(
  db: Db,
  regionId: string,
  kind: RegionProviderKind,
  ids: string[],
  replace: boolean,
): Promise<void> {
  const link = providerKinds[kind].link as typeof regionPaymentProvider
  if (replace) {
    await db
      .delete(link)
      .where(and(eq(link.region_id, regionId), ids.length > 0 ? notInArray(link.provider_id, ids) : undefined))
  }
  if (ids.length === 0) return
  await db
    .insert(link)
    .values(ids.map((provider_id) => ({ region_id: regionId, provider_id })))
    .onConflictDoNothing()
}

/** Throws for an unknown code (400) or a country another region holds (422). */
async function assertCountriesAvailable(db: Db, codes: string[], regionId: string): Promise<void> {
  const rows = await db.select().from(country).where(inArray(country.iso_2, codes))
  const byCode = new Map(rows.map((row) => [row.iso_2, row]))
  for (const code of codes) {
    const row = byCode.get(code)
    if (!row) throw new InvalidData(`Country with code ${code} not found`)
    if (row.region_id && row.region_id !== regionId) {
      throw new DuplicateError(`${row.display_name} already exists in region ${row.region_id}`)
    }
  }
}

/**
 * Moves countries (iso_2, any case) into a region; with `replace`, the region's other countries
 * leave it. A country belongs to at most one region: the conditional UPDATE is the guard when two
 * requests claim the same country at once.
 */
export async function assignCountries(db: Db, regionId: string, codes: string[], replace: boolean): Promise<void> {
  const wanted = [...new Set(codes.map((code) => code.toLowerCase()))]
  if (wanted.length > 0) await assertCountriesAvailable(db, wanted, regionId)
  if (replace) {
    await db
      .update(country)
      .set({ region_id: null })
      .where(and(eq(country.region_id, regionId), wanted.length > 0 ? notInArray(country.iso_2, wanted) : undefined))
  }
  if (wanted.length === 0) return
  const claimed = await db
    .update(country)
    .set({ region_id: regionId })
    .where(and(inArray(country.iso_2, wanted), or(isNull(country.region_id), eq(country.region_id, regionId))))
    .returning({ id: country.id })
  if (claimed.length < wanted.length) {
    await assertCountriesAvailable(db, wanted, regionId)
    throw new DuplicateError('A country is already in another region')
  }
}

async function assertTaxProvider(db: Db, id: string | null | undefined): Promise<void> {
  if (!id) return
  const [row] = await db.select({ id: taxProvider.id }).from(taxProvider).where(eq(taxProvider.id, id)).limit(1)
  if (!row) throw new InvalidData(`Tax provider with id ${id} does not exist`)
}

/** `preset.id` keeps an id chosen elsewhere (a seed file's); the API always generates one. */
export async function createRegion(
  db: Db,
  input: AdminPostRegionsReq,
  preset: { id?: string } = {},
): Promise<RegionView> {
  return db.transaction(async (tx) => {
    const currencyCode = await assertStoreCurrency(tx, input.currency_code)
    const paymentIds = await resolveProviders(tx, 'payment', input.payment_providers)
    const fulfillmentIds = await resolveProviders(tx, 'fulfillment', input.fulfillment_providers)
    const id = preset.id ?? generateId('reg')
    await tx.insert(region).values({
      id,
      name: input.name,
      currency_code: currencyCode,
      tax_rate: input.tax_rate,
      tax_code: input.tax_code ?? null,
      includes_tax: input.includes_tax ?? false,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    await assignCountries(tx, id, input.countries, true)
    await linkProviders(tx, id, 'payment', paymentIds, true)
    await linkProviders(tx, id, 'fulfillment', fulfillmentIds, true)
    await emit(tx, 'region.created', { id })
    return retrieveRegion(tx, id)
  })
}

export async function updateRegion(db: Db, id: string, input: AdminPostRegionsRegionReq): Promise<RegionView> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, id)
    const currencyCode =
      input.currency_code === undefined ? undefined : await assertStoreCurrency(tx, input.currency_code)
    await assertTaxProvider(tx, input.tax_provider_id)
    if (input.countries) await assignCountries(tx, id, input.countries, true)
    if (input.payment_providers) {
      await linkProviders(tx, id, 'payment', await resolveProviders(tx, 'payment', input.payment_providers), true)
    }
    if (input.fulfillment_providers) {
      const ids = await resolveProviders(tx, 'fulfillment', input.fulfillment_providers)
      await linkProviders(tx, id, 'fulfillment', ids, true)
    }
    await tx
      .update(region)
      .set({
        name: input.name,
        currency_code: currencyCode,
        tax_rate: input.tax_rate,
        tax_code: input.tax_code,
        gift_cards_taxable: input.gift_cards_taxable,
        automatic_taxes: input.automatic_taxes,
        tax_provider_id: input.tax_provider_id,
        includes_tax: input.includes_tax,
        metadata: mergedMetadata(region.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(region.id, id))
    await emit(tx, 'region.updated', { id, fields: Object.keys(input) })
    return retrieveRegion(tx, id)
  })
}

/** Soft-deletes the region; its countries become free for other regions. */
export async function deleteRegion(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRegion(tx, id)
    await tx.update(country).set({ region_id: null }).where(eq(country.region_id, id))
    await tx.update(region).set({ deleted_at: new Date() }).where(eq(region.id, id))
    await emit(tx, 'region.deleted', { id })
  })
}
