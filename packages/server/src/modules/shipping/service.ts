import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { FeatureFlags } from '../../config.js'
import { generateId } from '../../db/ids.js'
import { mergeMetadata, mergedMetadata } from '../../db/metadata.js'
import { prepared } from '../../db/fast-path/prepared.js'
import type { Db } from '../../db/types.js'
import { InvalidData, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  type ListAnswer,
  listTotal,
  orderBy,
  parseExpand,
  parseFields,
  softDeleteCondition,
  sortableColumns,
  whereAll,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import type { FulfillmentProviderMap } from '../../providers/fulfillment.js'
import { regionFulfillmentProvider } from '../regions/schema.js'
import { lockRegion, type RegionRow } from '../regions/service.js'
import {
  SHIPPING_OPTION_FIELDS,
  SHIPPING_OPTION_RELATIONS,
  shippingOptionsPaging,
  type AdminGetShippingOptionsParams,
  type AdminPostShippingOptionsOptionReq,
  type AdminPostShippingOptionsReq,
  type StoreGetShippingOptionsParams,
} from './contract.js'
import { priceShippingOptions, type PricingRegion, type ShippingPrice } from './pricing.js'
import { profilesOfProducts, retrieveSingleTypeProfile, type ShippingProfileRow } from './profiles.js'
import { shippingOption, shippingOptionRequirement, shippingProfile, type RequirementType } from './schema.js'

const SORTABLE = sortableColumns({
  created_at: shippingOption.created_at,
  updated_at: shippingOption.updated_at,
  name: shippingOption.name,
})

export type ShippingOptionRow = typeof shippingOption.$inferSelect
export type RequirementRow = typeof shippingOptionRequirement.$inferSelect

/** An option with the relations asked for and its price. */
export type ShippingOptionView = ShippingOptionRow &
  ShippingPrice & {
    region?: RegionRow
    profile?: ShippingProfileRow
    requirements?: RequirementRow[]
  }

/** The feature flags that change how options are priced. */
export type ShippingFlags = Pick<FeatureFlags, 'tax_inclusive_pricing'>
const NO_FLAGS: ShippingFlags = { tax_inclusive_pricing: false }

type Relation = (typeof SHIPPING_OPTION_RELATIONS)[number]
type FindManyConfig = NonNullable<Parameters<Db['query']['shippingOption']['findMany']>[0]>

/** The storefront sees a handful of options per region; the bound keeps a runaway table from being read whole. */
const MAX_UNPAGED_OPTIONS = 1000

const relationConfig = {
  region: true,
  profile: true,
  requirements: {
    where: isNull(shippingOptionRequirement.deleted_at),
    orderBy: [asc(shippingOptionRequirement.type), asc(shippingOptionRequirement.id)],
  },
} as const

const withRelations = (relations: Iterable<Relation>) =>
  Object.fromEntries([...relations].map((name) => [name, relationConfig[name]]))

/**
 * Live options matching `where`, with the relations in one relational query (drizzle aggregates
 * each relation in a lateral subquery) and priced with one query for their regions.
 */
export async function loadShippingOptions(
  db: Db,
  where: SQL | undefined,
  relations: Iterable<Relation>,
  flags: ShippingFlags,
  {
    regions,
    ...page
  }: Pick<FindManyConfig, 'orderBy' | 'limit' | 'offset'> & {
    /** Regions the caller knows (or is reading beside this), so pricing does not read them again. */
    regions?: PricingRegion[] | PromiseLike<PricingRegion[]>
  } = {},
): Promise<ShippingOptionView[]> {
  const rows = (await db.query.shippingOption.findMany({
    where,
    with: withRelations(relations),
    orderBy: [asc(shippingOption.created_at), asc(shippingOption.id)],
    limit: MAX_UNPAGED_OPTIONS,
    ...page,
  })) as ShippingOptionRow[]
  return priceShippingOptions(db, rows, flags.tax_inclusive_pricing, await regions)
}

/** An option as `fields` selects it; `id` is always kept. */
export type SelectedShippingOption = Partial<ShippingOptionView> & { id: string }

/** Keeps the selected columns, every expanded relation and the price fields. */
function selectFields(option: ShippingOptionView, fields: Set<string> | undefined): SelectedShippingOption {
  if (!fields) return option
  const columns = new Set<string>(SHIPPING_OPTION_FIELDS)
  return Object.fromEntries(
    Object.entries(option).filter(([key]) => !columns.has(key) || fields.has(key)),
  ) as SelectedShippingOption
}

export async function listShippingOptions(
  db: Db,
  query: AdminGetShippingOptionsParams,
  flags: ShippingFlags = NO_FLAGS,
): Promise<ListAnswer<'shipping_options', SelectedShippingOption>> {
  const relations = parseExpand(query.expand, SHIPPING_OPTION_RELATIONS, SHIPPING_OPTION_RELATIONS) as Set<Relation>
  const fields = parseFields(query.fields, SHIPPING_OPTION_FIELDS)
  const ids = toList(query.id)
  const regionIds = toList(query.region_id)
  const where = whereAll([
    ...softDeleteCondition(shippingOption.deleted_at, query.deleted_at),
    ids ? inArray(shippingOption.id, ids) : undefined,
    regionIds ? inArray(shippingOption.region_id, regionIds) : undefined,
    query.name !== undefined ? eq(shippingOption.name, query.name) : undefined,
    query.is_return !== undefined ? eq(shippingOption.is_return, query.is_return) : undefined,
    query.admin_only !== undefined ? eq(shippingOption.admin_only, query.admin_only) : undefined,
    query.q ? ilike(shippingOption.name, likePattern(query.q)) : undefined,
    ...dateConditions(shippingOption.created_at, query.created_at, 'created_at'),
    ...dateConditions(shippingOption.updated_at, query.updated_at, 'updated_at'),
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', shippingOption.id)
  const page = shippingOptionsPaging.page(query)
  const options = await loadShippingOptions(db, where, relations, flags, { orderBy: order, ...page })
  const total = await listTotal(db, shippingOption, where, { rows: options.length, ...page })
  const selected = options.map((option) => selectFields(option, fields))
  return listAnswer('shipping_options', selected, total, page)
}

/** Every shipping method a cart takes reads its option: built once (see `prepared`). */
const optionByIdStatement = prepared('shipping_option_by_id', (db) =>
  db.query.shippingOption.findFirst({
    where: and(eq(shippingOption.id, sql.placeholder('id')), isNull(shippingOption.deleted_at)),
    with: withRelations(SHIPPING_OPTION_RELATIONS),
  }),
)

/** A live option with its region, profile and requirements, not priced yet. */
export async function readShippingOption(db: Db, id: string) {
  const row = await optionByIdStatement(db, { id })
  if (!row) throw NotFound.entity('ShippingOption', id)
  return row
}

/** A live option with its region, profile and requirements, priced for its region. */
export async function retrieveShippingOption(
  db: Db,
  id: string,
  flags: ShippingFlags = NO_FLAGS,
  regions?: PricingRegion[],
): Promise<ShippingOptionView> {
  return priceShippingOption(db, await readShippingOption(db, id), flags, regions)
}

/** The option's price for its region (read unless one of `regions`). */
export async function priceShippingOption(
  db: Db,
  row: Awaited<ReturnType<typeof readShippingOption>>,
  flags: ShippingFlags = NO_FLAGS,
  regions?: PricingRegion[],
): Promise<ShippingOptionView> {
  const [option] = await priceShippingOptions(db, [row], flags.tax_inclusive_pricing, regions)
  return option
}

/**
 * `GET /store/shipping-options`: options customers may pick (never `admin_only`), by region, by
 * the shipping profiles of `product_ids`, and by `is_return`.
 */
export async function listStoreShippingOptions(
  db: Db,
  query: StoreGetShippingOptionsParams,
  flags: ShippingFlags = NO_FLAGS,
): Promise<ShippingOptionView[]> {
  const productIds = toList(query.product_ids) ?? []
  const profiles = productIds.length > 0 ? await profilesOfProducts(db, productIds) : undefined
  if (profiles && profiles.length === 0) return []
  const where = whereAll([
    isNull(shippingOption.deleted_at),
    eq(shippingOption.admin_only, false),
    query.region_id ? eq(shippingOption.region_id, query.region_id) : undefined,
    query.is_return !== undefined ? eq(shippingOption.is_return, query.is_return) : undefined,
    profiles ? inArray(shippingOption.profile_id, profiles) : undefined,
  ])
  return loadShippingOptions(db, where, ['requirements'], flags)
}

interface RequirementInput {
  id?: string
  type: RequirementType
  amount: number
}

/** At most one requirement of each type, and a minimum no greater than the maximum (v1). */
function checkRequirements(requirements: RequirementInput[]): void {
  const seen = new Set<RequirementType>()
  requirements.forEach((requirement, index) => {
    if (seen.has(requirement.type)) {
      throw new InvalidData(`Only one requirement of each type is allowed (requirements.${index}.type)`)
    }
    seen.add(requirement.type)
  })
  const min = requirements.find((requirement) => requirement.type === 'min_subtotal')
  const max = requirements.find((requirement) => requirement.type === 'max_subtotal')
  if (min && max && min.amount > max.amount) {
    throw new InvalidData('Max. subtotal must be greater than Min. subtotal (requirements)')
  }
}

const FLAT_RATE_AMOUNT = 'Shipping options of type `flat_rate` must have an `amount`'
const CANNOT_CALCULATE = 'The fulfillment provider cannot calculate prices for this option (price_type)'

async function assertRegionProvider(db: Db, regionId: string, providerId: string): Promise<void> {
  const [link] = await db
    .select({ provider_id: regionFulfillmentProvider.provider_id })
    .from(regionFulfillmentProvider)
    .where(
      and(eq(regionFulfillmentProvider.region_id, regionId), eq(regionFulfillmentProvider.provider_id, providerId)),
    )
    .limit(1)
  if (!link) throw new InvalidData(`provider_id ${providerId} is not one of the region's fulfillment providers`)
}

async function resolveProfile(db: Db, profileId: string | undefined): Promise<string> {
  if (!profileId) return (await retrieveSingleTypeProfile(db, 'default')).id
  const [row] = await db
    .select({ id: shippingProfile.id })
    .from(shippingProfile)
    .where(and(eq(shippingProfile.id, profileId), isNull(shippingProfile.deleted_at)))
    .limit(1)
  if (!row) throw NotFound.entity('ShippingProfile', profileId)
  return row.id
}

/**
 * Creates an option in a region, for one of the region's fulfillment providers. The provider is
 * asked, before the transaction, whether it accepts the option's data and can price it.
 */
export async function createShippingOption(
  db: Db,
  input: AdminPostShippingOptionsReq,
  providers: FulfillmentProviderMap,
  flags: ShippingFlags = NO_FLAGS,
): Promise<ShippingOptionView> {
  const requirements = input.requirements ?? []
  checkRequirements(requirements)
  const amount = input.price_type === 'calculated' ? null : (input.amount ?? null)
  if (input.price_type === 'flat_rate' && amount === null) throw new InvalidData(FLAT_RATE_AMOUNT)
  const provider = providers.get(input.provider_id)
  const accepted = provider ? await provider.validateOption(input.data) : false
  const calculable = provider && input.price_type === 'calculated' ? await provider.canCalculate(input.data) : false
  return db.transaction(async (tx) => {
    await lockRegion(tx, input.region_id)
    await assertRegionProvider(tx, input.region_id, input.provider_id)
    if (!provider) throw new InvalidData(`Fulfillment provider ${input.provider_id} is not installed (provider_id)`)
    if (!accepted) throw new InvalidData('The fulfillment provider cannot validate the shipping option (data)')
    if (input.price_type === 'calculated' && !calculable) throw new InvalidData(CANNOT_CALCULATE)
    const id = generateId('so')
    await tx.insert(shippingOption).values({
      id,
      name: input.name,
      region_id: input.region_id,
      profile_id: await resolveProfile(tx, input.profile_id),
      provider_id: input.provider_id,
      price_type: input.price_type,
      amount,
      is_return: input.is_return ?? false,
      admin_only: input.admin_only ?? false,
      data: input.data,
      includes_tax: input.includes_tax ?? false,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    if (requirements.length > 0) {
      await tx.insert(shippingOptionRequirement).values(
        requirements.map((requirement) => ({
          id: generateId('sor'),
          shipping_option_id: id,
          type: requirement.type,
          amount: requirement.amount,
        })),
      )
    }
    return retrieveShippingOption(tx, id, flags)
  })
}

async function lockShippingOption(db: Db, id: string): Promise<ShippingOptionRow> {
  const [row] = await db
    .select()
    .from(shippingOption)
    .where(and(eq(shippingOption.id, id), isNull(shippingOption.deleted_at)))
    .for('update')
  if (!row) throw NotFound.entity('ShippingOption', id)
  return row
}

/**
 * Replaces an option's requirements: those sent with an id are updated, those without are
 * created, and the others are soft-deleted. Called under the option's row lock.
 */
async function replaceRequirements(db: Db, optionId: string, requirements: RequirementInput[]): Promise<void> {
  const live = await db
    .select({ id: shippingOptionRequirement.id })
    .from(shippingOptionRequirement)
    .where(
      and(eq(shippingOptionRequirement.shipping_option_id, optionId), isNull(shippingOptionRequirement.deleted_at)),
    )
  const liveIds = new Set(live.map((row) => row.id))
  const kept = new Set<string>()
  requirements.forEach((requirement, index) => {
    if (requirement.id === undefined) return
    if (!liveIds.has(requirement.id) || kept.has(requirement.id)) {
      throw new InvalidData(
        `Requirement ${requirement.id} is not a requirement of this option (requirements.${index}.id)`,
      )
    }
    kept.add(requirement.id)
  })
  const removed = [...liveIds].filter((id) => !kept.has(id))
  if (removed.length > 0) {
    await db
      .update(shippingOptionRequirement)
      .set({ deleted_at: new Date() })
      .where(inArray(shippingOptionRequirement.id, removed))
  }
  // At most one requirement per type, so this is at most two statements.
  for (const requirement of requirements) {
    if (requirement.id === undefined) continue
    await db
      .update(shippingOptionRequirement)
      .set({ type: requirement.type, amount: requirement.amount })
      .where(eq(shippingOptionRequirement.id, requirement.id))
  }
  const created = requirements.filter((requirement) => requirement.id === undefined)
  if (created.length > 0) {
    await db.insert(shippingOptionRequirement).values(
      created.map((requirement) => ({
        id: generateId('sor'),
        shipping_option_id: optionId,
        type: requirement.type,
        amount: requirement.amount,
      })),
    )
  }
}

/** Region, provider, data and `is_return` are fixed at creation; requirements are replaced. */
export async function updateShippingOption(
  db: Db,
  id: string,
  input: AdminPostShippingOptionsOptionReq,
  providers: FulfillmentProviderMap,
  flags: ShippingFlags = NO_FLAGS,
): Promise<ShippingOptionView> {
  checkRequirements(input.requirements)
  let calculable = false
  if (input.price_type === 'calculated') {
    const before = await retrieveShippingOption(db, id)
    calculable = (await providers.get(before.provider_id)?.canCalculate(before.data)) ?? false
  }
  return db.transaction(async (tx) => {
    const current = await lockShippingOption(tx, id)
    const priceType = input.price_type ?? current.price_type
    if (priceType === 'calculated' && current.price_type !== 'calculated' && !calculable) {
      throw new InvalidData(CANNOT_CALCULATE)
    }
    const amount = priceType === 'calculated' ? null : input.amount !== undefined ? input.amount : current.amount
    if (priceType === 'flat_rate' && amount === null) throw new InvalidData(FLAT_RATE_AMOUNT)
    await replaceRequirements(tx, id, input.requirements)
    await tx
      .update(shippingOption)
      .set({
        updated_at: new Date(),
        name: input.name,
        price_type: priceType,
        amount,
        admin_only: input.admin_only,
        includes_tax: input.includes_tax,
        metadata: mergedMetadata(shippingOption.metadata, input.metadata),
      })
      .where(eq(shippingOption.id, id))
    return retrieveShippingOption(tx, id, flags)
  })
}

/** Soft-deletes an option; an unknown or already deleted id is not an error (v1 answers 200). */
export async function deleteShippingOption(db: Db, id: string): Promise<void> {
  await db
    .update(shippingOption)
    .set({ deleted_at: new Date() })
    .where(and(eq(shippingOption.id, id), isNull(shippingOption.deleted_at)))
}
