import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/types.js'
import { passwordProblem } from '../core/passwords.js'
import { toHandle } from '../modules/catalog/products/handles.js'
import { product, productCategory, productCollection, productVariant } from '../modules/catalog/schema.js'
import { country, region, regionFulfillmentProvider } from '../modules/regions/schema.js'
import { isPlaceholderRegionId } from './placeholder-ids.js'
import { fulfillmentProvider, paymentProvider } from '../modules/store/schema.js'
import { currency, storeCurrency } from '../modules/store/schema.js'
import { user } from '../modules/users/schema.js'
import type { SeedCategory, SeedFile, SeedPrice } from './file-schema.js'

/**
 * Checks a seed file before anything is written: first against itself (references, repeated keys,
 * option counts), then against the database (unknown currencies, providers and referenced rows are
 * problems of the file; rows that already exist are duplicates, as when a file is loaded twice).
 */

/** A category from the file's tree, parents before their children. */
export interface FlatCategory {
  path: string
  category: SeedCategory
  /** The parent's place in the flat list when the parent is in the file. */
  parentIndex?: number
  /** The parent's id when it should already be in the database. */
  parentId?: string
}

export interface SeedProblems {
  invalid: string[]
  duplicates: string[]
}

/** Ids and codes the file refers to without defining them, with the paths that refer to them. */
class Refs {
  readonly byKey = new Map<string, string[]>()
  add(key: string, path: string): void {
    this.byKey.set(key, [...(this.byKey.get(key) ?? []), path])
  }
  keys(): string[] {
    return [...this.byKey.keys()]
  }
  entries(): [string, string[]][] {
    return [...this.byKey.entries()]
  }
}

/** Depth-first with siblings by `rank` (the file's order otherwise), so parents come first. */
export function flattenCategories(categories: readonly SeedCategory[]): FlatCategory[] {
  const flat: FlatCategory[] = []
  const visit = (list: readonly SeedCategory[], basePath: string, parentIndex: number | undefined) => {
    const ordered = list
      .map((category, index) => ({ category, index }))
      .sort((a, b) => (a.category.rank ?? a.index) - (b.category.rank ?? b.index) || a.index - b.index)
    for (const { category, index } of ordered) {
      const path = `${basePath}[${index}]`
      const own = flat.length
      flat.push({ path, category, parentIndex })
      visit(category.category_children ?? [], `${path}.category_children`, own)
    }
  }
  visit(categories, 'categories', undefined)
  return flat
}

/** Reports a key seen before in the same section. */
function firstSeen(seen: Map<string, string>, key: string | null | undefined, path: string, what: string) {
  if (key === null || key === undefined || key === '') return undefined
  const earlier = seen.get(key)
  if (earlier) return `${path}: ${what} ${key} repeats ${earlier}`
  seen.set(key, path)
  return undefined
}

/** What the file defines, what it refers to, and the problems visible in the file alone. */
export interface FileIndex {
  regionIds: Map<string, number>
  collectionIds: Set<string>
  categoryIds: Map<string, number>
  refs: { regions: Refs; collections: Refs; categories: Refs; currencies: Refs }
  problems: string[]
}

export function indexFile(seed: SeedFile, categories: FlatCategory[]): FileIndex {
  const problems: string[] = []
  const refs = { regions: new Refs(), collections: new Refs(), categories: new Refs(), currencies: new Refs() }
  const push = (problem: string | undefined) => problem && problems.push(problem)

  const emails = new Map<string, string>()
  ;(seed.users ?? []).forEach((entry, i) => {
    push(firstSeen(emails, entry.email.toLowerCase(), `users[${i}].email`, 'e-mail'))
    const weak = passwordProblem(entry.password)
    if (weak) problems.push(`users[${i}].password: ${weak}`)
  })

  const regionIds = new Map<string, number>()
  const regionSeen = new Map<string, string>()
  const countries = new Map<string, string>()
  ;(seed.regions ?? []).forEach((entry, i) => {
    push(firstSeen(regionSeen, entry.id, `regions[${i}].id`, 'region'))
    if (entry.id && !regionIds.has(entry.id)) regionIds.set(entry.id, i)
    entry.countries.forEach((code, j) => {
      push(firstSeen(countries, code.toLowerCase(), `regions[${i}].countries[${j}]`, 'country'))
    })
  })

  ;(seed.shipping_options ?? []).forEach((entry, i) => {
    const path = `shipping_options[${i}]`
    if (entry.price_type === 'flat_rate' && (entry.amount === undefined || entry.amount === null)) {
      problems.push(`${path}.amount: is required when price_type is flat_rate`)
    }
    const at = regionIds.get(entry.region_id)
    if (at === undefined) refs.regions.add(entry.region_id, `${path}.region_id`)
    else if (!(seed.regions![at].fulfillment_providers ?? []).includes(entry.provider_id)) {
      problems.push(`${path}.provider_id: ${entry.provider_id} is not one of regions[${at}].fulfillment_providers`)
    }
  })

  const collectionIds = new Set<string>()
  const collectionSeen = new Map<string, string>()
  const collectionHandles = new Map<string, string>()
  ;(seed.product_collections ?? []).forEach((entry, i) => {
    push(firstSeen(collectionSeen, entry.id, `product_collections[${i}].id`, 'collection'))
    if (entry.id) collectionIds.add(entry.id)
    const handle = entry.handle || toHandle(entry.title)
    push(firstSeen(collectionHandles, handle, `product_collections[${i}].handle`, 'handle'))
  })

  const categoryIds = new Map<string, number>()
  const categorySeen = new Map<string, string>()
  const categoryHandles = new Map<string, string>()
  categories.forEach((flat, index) => {
    const { category, path } = flat
    push(firstSeen(categorySeen, category.id, `${path}.id`, 'category'))
    push(firstSeen(categoryHandles, category.handle || toHandle(category.name), `${path}.handle`, 'handle'))
    const parent = category.parent_category_id
    if (parent && flat.parentIndex !== undefined) {
      problems.push(`${path}.parent_category_id: a category inside category_children already has its parent`)
    } else if (parent) {
      const at = categoryIds.get(parent)
      if (at !== undefined) flat.parentIndex = at
      else if (categories.some((other) => other.category.id === parent)) {
        problems.push(`${path}.parent_category_id: category ${parent} must come before its children in the file`)
      } else {
        flat.parentId = parent
        refs.categories.add(parent, `${path}.parent_category_id`)
      }
    }
    if (category.id && !categoryIds.has(category.id)) categoryIds.set(category.id, index)
  })

  indexProducts(seed, { regionIds, collectionIds, categoryIds, refs, problems })
  return { regionIds, collectionIds, categoryIds, refs, problems }
}

function checkPrice(price: SeedPrice, path: string, index: FileIndex): void {
  if ((price.region_id === undefined) === (price.currency_code === undefined)) {
    index.problems.push(`${path}: must have exactly one of region_id or currency_code`)
  }
  if (price.region_id !== undefined && !index.regionIds.has(price.region_id)) {
    index.refs.regions.add(price.region_id, `${path}.region_id`)
  }
  if (price.currency_code !== undefined)
    index.refs.currencies.add(price.currency_code.toLowerCase(), `${path}.currency_code`)
  const min = price.min_quantity ?? null
  const max = price.max_quantity ?? null
  if (min !== null && max !== null && min > max) {
    index.problems.push(`${path}.min_quantity: must not be greater than max_quantity`)
  }
}

function indexProducts(seed: SeedFile, index: FileIndex): void {
  const ids = new Map<string, string>()
  const handles = new Map<string, string>()
  const skus = new Map<string, string>()
  ;(seed.products ?? []).forEach((entry, i) => {
    const path = `products[${i}]`
    const push = (problem: string | undefined) => problem && index.problems.push(problem)
    push(firstSeen(ids, entry.id, `${path}.id`, 'product'))
    push(firstSeen(handles, entry.handle, `${path}.handle`, 'handle'))
    if (entry.collection_id && !index.collectionIds.has(entry.collection_id)) {
      index.refs.collections.add(entry.collection_id, `${path}.collection_id`)
    }
    ;(entry.categories ?? []).forEach((ref, j) => {
      if (!index.categoryIds.has(ref.id)) index.refs.categories.add(ref.id, `${path}.categories[${j}].id`)
    })
    const optionCount = entry.options?.length ?? 0
    ;(entry.variants ?? []).forEach((variant, j) => {
      const at = `${path}.variants[${j}]`
      push(firstSeen(skus, variant.sku, `${at}.sku`, 'SKU'))
      const given = variant.options?.length ?? 0
      if (given !== optionCount) {
        index.problems.push(`${at}.options: has ${given} value(s) but the product has ${optionCount} option(s)`)
      }
      variant.prices.forEach((price, k) => checkPrice(price, `${at}.prices[${k}]`, index))
    })
  })
}

/** Every reference that is neither in the file nor a live row of the database. */
async function unresolvedRefs(db: Db, index: FileIndex): Promise<string[]> {
  const problems: string[] = []
  const check = async (
    refs: Refs,
    what: string,
    section: string,
    find: (ids: string[]) => Promise<{ id: string }[]>,
  ) => {
    const ids = refs.keys()
    if (ids.length === 0) return
    const known = new Set((await find(ids)).map((row) => row.id))
    for (const [id, paths] of refs.entries()) {
      if (known.has(id)) continue
      for (const path of paths) problems.push(`${path}: ${what} ${id} is neither in ${section} nor in the database`)
    }
  }
  await check(index.refs.regions, 'region', 'regions', (ids) =>
    db
      .select({ id: region.id })
      .from(region)
      .where(and(inArray(region.id, ids), isNull(region.deleted_at))),
  )
  await check(index.refs.collections, 'collection', 'product_collections', (ids) =>
    db
      .select({ id: productCollection.id })
      .from(productCollection)
      .where(and(inArray(productCollection.id, ids), isNull(productCollection.deleted_at))),
  )
  await check(index.refs.categories, 'category', 'categories', (ids) =>
    db.select({ id: productCategory.id }).from(productCategory).where(inArray(productCategory.id, ids)),
  )
  const codes = index.refs.currencies.keys()
  if (codes.length > 0) {
    const known = new Set(
      (await db.select({ code: currency.code }).from(currency).where(inArray(currency.code, codes))).map((r) => r.code),
    )
    for (const [code, paths] of index.refs.currencies.entries()) {
      if (!known.has(code)) for (const path of paths) problems.push(`${path}: ${code} is not a known currency`)
    }
  }
  return problems
}

/** Store currencies after the file's `store` section is applied, and what the file asks of them. */
async function currencyProblems(db: Db, seed: SeedFile): Promise<string[]> {
  const problems: string[] = []
  const listed = seed.store?.currencies?.map((code) => code.toLowerCase())
  if (listed) {
    const known = new Set(
      listed.length > 0
        ? (await db.select({ code: currency.code }).from(currency).where(inArray(currency.code, listed))).map(
            (row) => row.code,
          )
        : [],
    )
    listed.forEach((code, i) => {
      if (!known.has(code)) problems.push(`store.currencies[${i}]: ${code} is not a known currency`)
    })
  }
  const available =
    listed ?? (await db.select({ code: storeCurrency.currency_code }).from(storeCurrency)).map((row) => row.code)
  const defaultCode = seed.store?.default_currency_code?.toLowerCase()
  if (defaultCode && !available.includes(defaultCode)) {
    problems.push(`store.default_currency_code: ${defaultCode} is not one of the store's currencies`)
  }
  ;(seed.regions ?? []).forEach((entry, i) => {
    const code = entry.currency_code.toLowerCase()
    if (!available.includes(code)) {
      problems.push(`regions[${i}].currency_code: ${code} is not one of the store's currencies (store.currencies)`)
    }
  })
  return problems
}

async function providerAndCountryProblems(db: Db, seed: SeedFile): Promise<SeedProblems> {
  const invalid: string[] = []
  const duplicates: string[] = []
  const regions = seed.regions ?? []
  const payment = [...new Set(regions.flatMap((entry) => entry.payment_providers ?? []))]
  const fulfillment = [...new Set(regions.flatMap((entry) => entry.fulfillment_providers ?? []))]
  const codes = [...new Set(regions.flatMap((entry) => entry.countries.map((code) => code.toLowerCase())))]
  const [payments, fulfillments, countries] = [
    payment.length > 0
      ? await db.select({ id: paymentProvider.id }).from(paymentProvider).where(inArray(paymentProvider.id, payment))
      : [],
    fulfillment.length > 0
      ? await db
          .select({ id: fulfillmentProvider.id })
          .from(fulfillmentProvider)
          .where(inArray(fulfillmentProvider.id, fulfillment))
      : [],
    codes.length > 0
      ? await db
          .select({ iso_2: country.iso_2, region_id: country.region_id })
          .from(country)
          .where(inArray(country.iso_2, codes))
      : [],
  ]
  const knownPayment = new Set(payments.map((row) => row.id))
  const knownFulfillment = new Set(fulfillments.map((row) => row.id))
  const countryRegion = new Map(countries.map((row) => [row.iso_2, row.region_id]))
  regions.forEach((entry, i) => {
    ;(entry.payment_providers ?? []).forEach((id, j) => {
      if (!knownPayment.has(id))
        invalid.push(`regions[${i}].payment_providers[${j}]: payment provider ${id} is not installed`)
    })
    ;(entry.fulfillment_providers ?? []).forEach((id, j) => {
      if (!knownFulfillment.has(id)) {
        invalid.push(`regions[${i}].fulfillment_providers[${j}]: fulfillment provider ${id} is not installed`)
      }
    })
    entry.countries.forEach((code, j) => {
      const lower = code.toLowerCase()
      if (!countryRegion.has(lower)) invalid.push(`regions[${i}].countries[${j}]: ${code} is not a known country code`)
      else if (countryRegion.get(lower)) {
        duplicates.push(`regions[${i}].countries[${j}]: ${lower} already belongs to region ${countryRegion.get(lower)}`)
      }
    })
  })
  return { invalid, duplicates }
}

/** Shipping options of regions already in the database must use one of those regions' providers. */
async function existingRegionProviderProblems(db: Db, seed: SeedFile, index: FileIndex): Promise<string[]> {
  const options = (seed.shipping_options ?? [])
    .map((entry, i) => ({ entry, i }))
    .filter(({ entry }) => !index.regionIds.has(entry.region_id))
  if (options.length === 0) return []
  const regionIds = [...new Set(options.map(({ entry }) => entry.region_id))]
  const links = await db
    .select({ region_id: region.id, provider_id: regionFulfillmentProvider.provider_id })
    .from(region)
    .leftJoin(regionFulfillmentProvider, eq(regionFulfillmentProvider.region_id, region.id))
    .where(and(inArray(region.id, regionIds), isNull(region.deleted_at)))
  // Unknown regions are reported as unresolved references; only live ones are checked here.
  const live = new Set(links.map((row) => row.region_id))
  const linked = new Set(links.map((row) => `${row.region_id}\u0000${row.provider_id}`))
  return options
    .filter(({ entry }) => live.has(entry.region_id) && !linked.has(`${entry.region_id}\u0000${entry.provider_id}`))
    .map(
      ({ entry, i }) =>
        `shipping_options[${i}].provider_id: ${entry.provider_id} is not one of region ${entry.region_id}'s fulfillment providers`,
    )
}

/** Rows the file would create that the database already has. */
async function existingRows(db: Db, seed: SeedFile, categories: FlatCategory[]): Promise<string[]> {
  const found: string[] = []
  const users = seed.users ?? []
  if (users.length > 0) {
    const emails = users.map((entry) => entry.email.toLowerCase())
    const rows = await db
      .select({ email: user.email })
      .from(user)
      .where(and(inArray(sql`lower(${user.email})`, emails), isNull(user.deleted_at)))
    const taken = new Set(rows.map((row) => row.email.toLowerCase()))
    users.forEach((entry, i) => {
      if (taken.has(entry.email.toLowerCase()))
        found.push(`users[${i}].email: a user with the email ${entry.email} already exists`)
    })
  }
  const regionIds = (seed.regions ?? []).flatMap((entry) => (entry.id ? [entry.id] : []))
  if (regionIds.length > 0) {
    const taken = new Set(
      (await db.select({ id: region.id }).from(region).where(inArray(region.id, regionIds))).map((r) => r.id),
    )
    ;(seed.regions ?? []).forEach((entry, i) => {
      // A placeholder id gets a new id when written (see placeholder-ids.ts): it cannot be taken.
      if (entry.id && !isPlaceholderRegionId(entry.id) && taken.has(entry.id)) {
        found.push(`regions[${i}].id: region ${entry.id} already exists`)
      }
    })
  }
  found.push(...(await existingCatalogRows(db, seed, categories)))
  return found
}

async function takenKeys<T extends { id: string; handle: string | null }>(
  rows: T[] | Promise<T[]>,
): Promise<{ ids: Set<string>; handles: Set<string> }> {
  const list = await rows
  return {
    ids: new Set(list.map((row) => row.id)),
    handles: new Set(list.flatMap((row) => (row.handle ? [row.handle] : []))),
  }
}

async function existingCatalogRows(db: Db, seed: SeedFile, categories: FlatCategory[]): Promise<string[]> {
  const found: string[] = []
  const collections = seed.product_collections ?? []
  if (collections.length > 0) {
    const ids = collections.flatMap((entry) => (entry.id ? [entry.id] : []))
    const handles = collections.map((entry) => entry.handle || toHandle(entry.title))
    const taken = await takenKeys(
      db
        .select({ id: productCollection.id, handle: productCollection.handle })
        .from(productCollection)
        .where(
          or(
            ids.length > 0 ? inArray(productCollection.id, ids) : undefined,
            and(inArray(productCollection.handle, handles), isNull(productCollection.deleted_at)),
          ),
        ),
    )
    collections.forEach((entry, i) => {
      if (entry.id && taken.ids.has(entry.id))
        found.push(`product_collections[${i}].id: collection ${entry.id} already exists`)
      else if (taken.handles.has(handles[i])) {
        found.push(`product_collections[${i}].handle: a collection with the handle ${handles[i]} already exists`)
      }
    })
  }
  if (categories.length > 0) {
    const ids = categories.flatMap(({ category }) => (category.id ? [category.id] : []))
    const handles = categories.map(({ category }) => category.handle || toHandle(category.name))
    const taken = await takenKeys(
      db
        .select({ id: productCategory.id, handle: productCategory.handle })
        .from(productCategory)
        .where(
          or(ids.length > 0 ? inArray(productCategory.id, ids) : undefined, inArray(productCategory.handle, handles)),
        ),
    )
    categories.forEach(({ category, path }, i) => {
      if (category.id && taken.ids.has(category.id)) found.push(`${path}.id: category ${category.id} already exists`)
      else if (taken.handles.has(handles[i]))
        found.push(`${path}.handle: a category with the handle ${handles[i]} already exists`)
    })
  }
  found.push(...(await existingProducts(db, seed)))
  return found
}

async function existingProducts(db: Db, seed: SeedFile): Promise<string[]> {
  const found: string[] = []
  const products = seed.products ?? []
  const ids = products.flatMap((entry) => (entry.id ? [entry.id] : []))
  const handles = products.flatMap((entry) => (entry.handle ? [entry.handle] : []))
  if (ids.length > 0 || handles.length > 0) {
    const taken = await takenKeys(
      db
        .select({ id: product.id, handle: product.handle })
        .from(product)
        .where(
          or(
            ids.length > 0 ? inArray(product.id, ids) : undefined,
            handles.length > 0 ? and(inArray(product.handle, handles), isNull(product.deleted_at)) : undefined,
          ),
        ),
    )
    products.forEach((entry, i) => {
      if (entry.id && taken.ids.has(entry.id)) found.push(`products[${i}].id: product ${entry.id} already exists`)
      else if (entry.handle && taken.handles.has(entry.handle)) {
        found.push(`products[${i}].handle: a product with the handle ${entry.handle} already exists`)
      }
    })
  }
  const skus = products.flatMap((entry) =>
    (entry.variants ?? []).flatMap((variant) => (variant.sku ? [variant.sku] : [])),
  )
  if (skus.length > 0) {
    const rows = await db
      .select({ sku: productVariant.sku })
      .from(productVariant)
      .where(and(inArray(productVariant.sku, skus), isNull(productVariant.deleted_at)))
    const taken = new Set(rows.map((row) => row.sku))
    products.forEach((entry, i) =>
      (entry.variants ?? []).forEach((variant, j) => {
        if (variant.sku && taken.has(variant.sku)) {
          found.push(`products[${i}].variants[${j}].sku: a variant with the SKU ${variant.sku} already exists`)
        }
      }),
    )
  }
  return found
}

const SECTIONS = [
  'store',
  'users',
  'regions',
  'shipping_options',
  'product_collections',
  'categories',
  'products',
  'sales_channels',
  'publishable_api_keys',
]

/** Problems in the order of the file's sections, then by path (`[2]` before `[10]`). */
function inFileOrder(problems: string[]): string[] {
  const section = (problem: string) => SECTIONS.indexOf(/^[a-z_]+/.exec(problem)?.[0] ?? '')
  const path = (problem: string) => problem.slice(0, problem.indexOf(':'))
  return [...problems].sort(
    (a, b) => section(a) - section(b) || path(a).localeCompare(path(b), 'en', { numeric: true }),
  )
}

/** Everything wrong with the file, split into its own problems and rows the database already has. */
export async function seedProblems(db: Db, seed: SeedFile, categories: FlatCategory[]): Promise<SeedProblems> {
  const index = indexFile(seed, categories)
  const providers = await providerAndCountryProblems(db, seed)
  const invalid = [
    ...index.problems,
    ...(await currencyProblems(db, seed)),
    ...providers.invalid,
    ...(await unresolvedRefs(db, index)),
    ...(await existingRegionProviderProblems(db, seed, index)),
  ]
  const duplicates = [...(await existingRows(db, seed, categories)), ...providers.duplicates]
  return { invalid: inFileOrder(invalid), duplicates: inFileOrder(duplicates) }
}
