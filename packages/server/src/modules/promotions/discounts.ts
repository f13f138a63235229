import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import type { Db } from '../../db/types.js'
import { inTransaction } from '../../db/transactions.js'
import { mergeMetadata } from '../../db/metadata.js'
import { emit } from '../../events/outbox.js'
import { InvalidData, NotAllowed, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  listTotal,
  parseExpand,
  whereAll,
  type ListAnswer,
} from '../../core/list.js'
import { groupBy } from '../../db/group-rows.js'
import { productCollection, productTag, productType, product } from '../catalog/schema.js'
import { customerGroup } from '../customers/schema.js'
import { region } from '../regions/schema.js'
import type {
  AdminGetDiscountsParams,
  AdminPostDiscountsDiscountReq,
  AdminPostDiscountsDynamicCodesReq,
  AdminPostDiscountsReq,
  ConditionInput,
  Discount,
  DiscountCondition,
  DiscountRule,
} from './contract.js'
import { discountsPaging } from './contract.js'
import {
  CONDITION_TYPES,
  discount,
  discountCondition,
  discountConditionResource,
  discountRegions,
  discountRule,
  type ConditionType,
} from './schema.js'

/** Outbox event names, in v1's `<entity>.<action>` form. */
export const DISCOUNT_EVENTS = {
  created: 'discount.created',
  updated: 'discount.updated',
  deleted: 'discount.deleted',
} as const

export type DiscountRow = typeof discount.$inferSelect
export type DiscountRuleRow = typeof discountRule.$inferSelect

const RELATIONS = ['rule', 'rule.conditions', 'regions', 'parent_discount'] as const
const DEFAULT_RELATIONS = ['rule', 'rule.conditions', 'regions', 'parent_discount']

/** v1 stores and looks codes up upper-cased and trimmed. */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

const live = isNull(discount.deleted_at)

/**
 * The discounts with the relations `expand` asks for (default: rule with its conditions, regions,
 * parent), each relation read in one batched statement whatever the number of discounts.
 */
export async function discountViews(db: Db, rows: DiscountRow[], expand?: string): Promise<Discount[]> {
  const relations = parseExpand(expand, RELATIONS, DEFAULT_RELATIONS)
  const ruleIds = [...new Set(rows.flatMap((row) => (row.rule_id ? [row.rule_id] : [])))]
  const parentIds = [...new Set(rows.flatMap((row) => (row.parent_discount_id ? [row.parent_discount_id] : [])))]
  const ids = rows.map((row) => row.id)
  const [rules, conditions, regions, parents] = await Promise.all([
    relations.has('rule') && ruleIds.length > 0
      ? db.select().from(discountRule).where(inArray(discountRule.id, ruleIds))
      : [],
    relations.has('rule.conditions') && ruleIds.length > 0
      ? db
          .select()
          .from(discountCondition)
          .where(and(inArray(discountCondition.discount_rule_id, ruleIds), isNull(discountCondition.deleted_at)))
          .orderBy(discountCondition.created_at, discountCondition.id)
      : [],
    relations.has('regions') && ids.length > 0
      ? db
          .select({ discount_id: discountRegions.discount_id, region })
          .from(discountRegions)
          .innerJoin(region, eq(region.id, discountRegions.region_id))
          .where(inArray(discountRegions.discount_id, ids))
          .orderBy(region.name, region.id)
      : [],
    relations.has('parent_discount') && parentIds.length > 0
      ? db.select().from(discount).where(inArray(discount.id, parentIds))
      : [],
  ])
  const rulesById = new Map(rules.map((rule) => [rule.id, rule]))
  const conditionsByRule = groupBy(conditions, (condition) => condition.discount_rule_id)
  const regionsByDiscount = groupBy(regions, (entry) => entry.discount_id)
  const parentsById = new Map(parents.map((parent) => [parent.id, parent]))
  return rows.map((row) => {
    const view: Discount = { ...row }
    if (relations.has('rule')) {
      const rule = row.rule_id ? rulesById.get(row.rule_id) : undefined
      if (rule) {
        view.rule = relations.has('rule.conditions')
          ? { ...rule, conditions: conditionsByRule.get(rule.id) ?? [] }
          : rule
      }
    }
    if (relations.has('regions')) view.regions = (regionsByDiscount.get(row.id) ?? []).map((entry) => entry.region)
    if (relations.has('parent_discount')) {
      view.parent_discount = row.parent_discount_id ? (parentsById.get(row.parent_discount_id) ?? null) : null
    }
    return view
  })
}

export async function listDiscounts(
  db: Db,
  query: AdminGetDiscountsParams,
): Promise<ListAnswer<'discounts', Discount>> {
  const page = discountsPaging.page(query)
  const ruleFilter: SQL[] = []
  if (query.rule?.type) ruleFilter.push(eq(discountRule.type, query.rule.type))
  if (query.rule?.allocation) ruleFilter.push(eq(discountRule.allocation, query.rule.allocation))
  const where = whereAll([
    live,
    query.q ? ilike(discount.code, likePattern(query.q)) : undefined,
    query.is_dynamic !== undefined ? eq(discount.is_dynamic, query.is_dynamic) : undefined,
    query.is_disabled !== undefined ? eq(discount.is_disabled, query.is_disabled) : undefined,
    ruleFilter.length > 0
      ? sql`${discount.rule_id} IN (SELECT ${discountRule.id} FROM ${discountRule} WHERE ${and(...ruleFilter)})`
      : undefined,
    ...dateConditions(discount.created_at, query.created_at, 'created_at'),
    ...dateConditions(discount.updated_at, query.updated_at, 'updated_at'),
  ])
  if (query.order !== undefined && !['created_at', '-created_at'].includes(query.order)) {
    throw new InvalidData(`Order field ${query.order.replace(/^-/, '')} is not valid`)
  }
  const rows = await db
    .select()
    .from(discount)
    .where(where)
    .orderBy(desc(discount.created_at), desc(discount.id))
    .limit(page.limit)
    .offset(page.offset)
  const count = await listTotal(db, discount, where, { rows: rows.length, ...page })
  return listAnswer('discounts', await discountViews(db, rows, query.expand), count, page)
}

export async function retrieveDiscountRow(db: Db, id: string): Promise<DiscountRow> {
  const [row] = await db
    .select()
    .from(discount)
    .where(and(eq(discount.id, id), live))
    .limit(1)
  if (!row) throw NotFound.entity('Discount', id)
  return row
}

export async function retrieveDiscount(db: Db, id: string, expand?: string): Promise<Discount> {
  const [view] = await discountViews(db, [await retrieveDiscountRow(db, id)], expand)
  return view
}

export async function retrieveDiscountByCode(db: Db, code: string, expand?: string): Promise<Discount> {
  const normalized = normalizeCode(code)
  const [row] = await db
    .select()
    .from(discount)
    .where(and(eq(discount.code, normalized), live))
    .limit(1)
  if (!row) throw new NotFound(`Discounts with code ${normalized} was not found`)
  const [view] = await discountViews(db, [row], expand)
  return view
}

function parseDate(value: string, field: string): Date {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) throw new InvalidData(`${field} must be a valid date`)
  return date
}

function assertRuleValue(type: string, value: number): void {
  if (!Number.isInteger(value)) throw new InvalidData('rule.value must be an integer')
  if (type === 'percentage' && value > 100) {
    throw new InvalidData('Discount value above 100 is not allowed when type is percentage')
  }
}

async function assertRegions(tx: Db, ids: string[], ruleType: string): Promise<void> {
  if (ids.length === 0) throw new InvalidData('regions: Discount must have at least 1 region')
  if (ruleType === 'fixed' && ids.length > 1) throw new InvalidData('regions: Fixed discounts can have one region')
  const found = await tx
    .select({ id: region.id })
    .from(region)
    .where(and(inArray(region.id, ids), isNull(region.deleted_at)))
  const known = new Set(found.map((row) => row.id))
  const missing = ids.find((id) => !known.has(id))
  if (missing) throw NotFound.entity('Region', missing)
}

/** The tables a condition's ids must exist in. */
const RESOURCE_TABLES = {
  products: product,
  product_types: productType,
  product_collections: productCollection,
  product_tags: productTag,
  customer_groups: customerGroup,
} as const

/** The one resource list of a condition body; zero or several is a 400 naming them. */
export function conditionResourcesOf(input: Partial<Record<ConditionType, string[]>>): {
  type: ConditionType
  ids: string[]
} {
  const given = CONDITION_TYPES.filter((type) => input[type] !== undefined)
  if (given.length !== 1) {
    throw new InvalidData(`A condition takes exactly one of ${CONDITION_TYPES.join(', ')} (given: ${given.length})`)
  }
  return { type: given[0], ids: [...new Set(input[given[0]]!)] }
}

async function assertResources(tx: Db, type: ConditionType, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const table = RESOURCE_TABLES[type]
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))
  const known = new Set(found.map((row) => row.id))
  const missing = ids.find((id) => !known.has(id))
  if (missing) throw new InvalidData(`${type}: ${missing} was not found`)
}

async function addResources(tx: Db, conditionId: string, type: ConditionType, ids: string[]): Promise<void> {
  await assertResources(tx, type, ids)
  if (ids.length === 0) return
  await tx
    .insert(discountConditionResource)
    .values(ids.map((resourceId) => ({ condition_id: conditionId, resource_id: resourceId })))
    .onConflictDoNothing()
}

async function insertCondition(tx: Db, ruleId: string, input: ConditionInput): Promise<string> {
  const { type, ids } = conditionResourcesOf(input)
  const [existing] = await tx
    .select({ id: discountCondition.id })
    .from(discountCondition)
    .where(
      and(
        eq(discountCondition.discount_rule_id, ruleId),
        eq(discountCondition.type, type),
        eq(discountCondition.operator, input.operator),
        isNull(discountCondition.deleted_at),
      ),
    )
  if (existing) {
    throw new InvalidData(`conditions: the rule already has a condition on ${type} with operator ${input.operator}`)
  }
  const id = generateId('discon')
  await tx.insert(discountCondition).values({ id, type, operator: input.operator, discount_rule_id: ruleId })
  await addResources(tx, id, type, ids)
  return id
}

async function assertCodeFree(tx: Db, code: string, except?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: discount.id })
    .from(discount)
    .where(and(eq(discount.code, code), live))
    .limit(1)
  if (taken && taken.id !== except) throw new InvalidData(`code: a discount with code ${code} already exists`)
}

/** `POST /admin/discounts`: the rule, its conditions, the discount and its regions, in one transaction. */
export async function createDiscount(db: Db, input: AdminPostDiscountsReq, expand?: string): Promise<Discount> {
  assertRuleValue(input.rule.type, input.rule.value)
  assertDuration(input.valid_duration)
  const startsAt = input.starts_at !== undefined ? parseDate(input.starts_at, 'starts_at') : new Date()
  const endsAt = input.ends_at !== undefined ? parseDate(input.ends_at, 'ends_at') : null
  if (endsAt && endsAt <= startsAt) throw new InvalidData('"ends_at" must be greater than "starts_at"')
  const id = await inTransaction(db, async (tx) => {
    const code = normalizeCode(input.code)
    if (!code) throw new InvalidData('code must not be empty')
    await assertCodeFree(tx, code)
    await assertRegions(tx, [...new Set(input.regions)], input.rule.type)
    const ruleId = generateId('dru')
    await tx.insert(discountRule).values({
      id: ruleId,
      type: input.rule.type,
      value: input.rule.value,
      allocation: input.rule.allocation,
      description: input.rule.description ?? null,
    })
    for (const condition of input.rule.conditions ?? []) await insertCondition(tx, ruleId, condition)
    const discountId = generateId('disc')
    await tx.insert(discount).values({
      id: discountId,
      code,
      rule_id: ruleId,
      is_dynamic: input.is_dynamic ?? false,
      is_disabled: input.is_disabled ?? false,
      starts_at: startsAt,
      ends_at: endsAt,
      valid_duration: input.valid_duration ?? null,
      usage_limit: input.usage_limit ?? null,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    await tx
      .insert(discountRegions)
      .values([...new Set(input.regions)].map((regionId) => ({ discount_id: discountId, region_id: regionId })))
    await emit(tx, DISCOUNT_EVENTS.created, { id: discountId })
    return discountId
  })
  return retrieveDiscount(db, id, expand)
}

/** `POST /admin/discounts/:id`: the rule's type cannot change; conditions given by id are edited. */
export async function updateDiscount(
  db: Db,
  id: string,
  input: AdminPostDiscountsDiscountReq,
  expand?: string,
): Promise<Discount> {
  assertDuration(input.valid_duration)
  await inTransaction(db, async (tx) => {
    const row = await lockDiscount(tx, id)
    const [rule] = row.rule_id ? await tx.select().from(discountRule).where(eq(discountRule.id, row.rule_id)) : []
    if (input.rule && input.rule.id !== row.rule_id)
      throw new InvalidData(`rule.id ${input.rule.id} is not this discount's rule`)
    const startsAt = input.starts_at !== undefined ? parseDate(input.starts_at, 'starts_at') : row.starts_at
    const endsAt =
      input.ends_at === undefined ? row.ends_at : input.ends_at === null ? null : parseDate(input.ends_at, 'ends_at')
    if (endsAt && endsAt <= startsAt) throw new InvalidData('"ends_at" must be greater than "starts_at"')
    if (input.regions) await assertRegions(tx, [...new Set(input.regions)], rule?.type ?? 'percentage')
    const changes: Partial<typeof discount.$inferInsert> = { starts_at: startsAt, ends_at: endsAt }
    if (input.code !== undefined) {
      changes.code = normalizeCode(input.code)
      await assertCodeFree(tx, changes.code, id)
    }
    if (input.is_disabled !== undefined) changes.is_disabled = input.is_disabled
    if (input.valid_duration !== undefined) changes.valid_duration = input.valid_duration
    if (input.usage_limit !== undefined) {
      if (input.usage_limit !== null && input.usage_limit < row.usage_count) {
        throw new InvalidData(`usage_limit must not be below the usage_count ${row.usage_count}`)
      }
      changes.usage_limit = input.usage_limit
    }
    if (input.metadata !== undefined) changes.metadata = mergeMetadata(row.metadata, input.metadata)
    await tx.update(discount).set(changes).where(eq(discount.id, id))
    if (input.regions) {
      await tx.delete(discountRegions).where(eq(discountRegions.discount_id, id))
      await tx
        .insert(discountRegions)
        .values([...new Set(input.regions)].map((regionId) => ({ discount_id: id, region_id: regionId })))
    }
    if (input.rule && rule) {
      if (input.rule.value !== undefined) assertRuleValue(rule.type, input.rule.value)
      await tx
        .update(discountRule)
        .set({
          value: input.rule.value ?? rule.value,
          allocation: input.rule.allocation ?? rule.allocation,
          description: input.rule.description ?? rule.description,
          updated_at: new Date(),
        })
        .where(eq(discountRule.id, rule.id))
      for (const condition of input.rule.conditions ?? []) {
        if (condition.id) {
          const existing = await conditionOfRule(tx, rule.id, condition.id)
          const { ids } = conditionResourcesOf(condition)
          await replaceResources(tx, existing.id, existing.type, ids)
        } else {
          if (!condition.operator) throw new InvalidData('rule.conditions: operator is required for a new condition')
          await insertCondition(tx, rule.id, { ...condition, operator: condition.operator })
        }
      }
    }
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return retrieveDiscount(db, id, expand)
}

/** The live discount, locked for the rest of the transaction. */
async function lockDiscount(tx: Db, id: string): Promise<DiscountRow> {
  const [row] = await tx
    .select()
    .from(discount)
    .where(and(eq(discount.id, id), live))
    .for('update')
  if (!row) throw NotFound.entity('Discount', id)
  return row
}

export async function deleteDiscount(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const deleted = await tx
      .update(discount)
      .set({ deleted_at: new Date() })
      .where(and(eq(discount.id, id), live))
      .returning({ id: discount.id })
    // v1 answers a delete of an unknown discount as done.
    if (deleted.length > 0) await emit(tx, DISCOUNT_EVENTS.deleted, { id })
  })
}

/** `POST /admin/discounts/:id/dynamic-codes`: a child with the parent's rule, limit and duration. */
export async function createDynamicCode(
  db: Db,
  parentId: string,
  input: AdminPostDiscountsDynamicCodesReq,
): Promise<Discount> {
  const id = await inTransaction(db, async (tx) => {
    const parent = await retrieveDiscountRow(tx, parentId)
    if (!parent.is_dynamic) throw new NotAllowed('Discount must be set to dynamic')
    const code = normalizeCode(input.code)
    if (!code) throw new InvalidData('Discount must have a code')
    await assertCodeFree(tx, code)
    const now = new Date()
    const childId = generateId('disc')
    await tx.insert(discount).values({
      id: childId,
      code,
      rule_id: parent.rule_id,
      is_dynamic: true,
      is_disabled: false,
      parent_discount_id: parent.id,
      starts_at: now,
      ends_at: parent.valid_duration ? addDuration(now, parent.valid_duration) : null,
      usage_limit: parent.usage_limit,
      metadata: mergeMetadata(null, input.metadata) ?? null,
    })
    await tx.insert(discountRegions).select(
      tx
        .select({ discount_id: sql<string>`${childId}`.as('discount_id'), region_id: discountRegions.region_id })
        .from(discountRegions)
        .where(eq(discountRegions.discount_id, parent.id)),
    )
    await emit(tx, DISCOUNT_EVENTS.created, { id: childId })
    return childId
  })
  return retrieveDiscount(db, id)
}

/** A duration with at least one figure, and one after any `T` (`P` and `P1DT` are no durations). */
function assertDuration(duration: string | null | undefined): void {
  if (duration && (duration === 'P' || duration.endsWith('T'))) {
    throw new InvalidData('valid_duration must be an ISO-8601 duration such as P2D')
  }
}

/** `now` plus an ISO-8601 duration (`P1Y2M10DT2H30M`). */
export function addDuration(from: Date, duration: string): Date {
  const match = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration)
  if (!match) throw new InvalidData('valid_duration must be an ISO-8601 duration')
  const [, y, mo, w, d, h, mi, s] = match.map((part) => Number(part ?? 0))
  const date = new Date(from)
  date.setUTCFullYear(date.getUTCFullYear() + y, date.getUTCMonth() + mo, date.getUTCDate() + w * 7 + d)
  date.setUTCHours(date.getUTCHours() + h, date.getUTCMinutes() + mi, date.getUTCSeconds() + s)
  return date
}

export async function deleteDynamicCode(db: Db, parentId: string, code: string): Promise<Discount> {
  await inTransaction(db, async (tx) => {
    await retrieveDiscountRow(tx, parentId)
    const deleted = await tx
      .update(discount)
      .set({ deleted_at: new Date() })
      .where(and(eq(discount.parent_discount_id, parentId), eq(discount.code, normalizeCode(code)), live))
      .returning({ id: discount.id })
    for (const row of deleted) await emit(tx, DISCOUNT_EVENTS.deleted, { id: row.id })
  })
  return retrieveDiscount(db, parentId)
}

export async function addRegion(db: Db, id: string, regionId: string): Promise<Discount> {
  await inTransaction(db, async (tx) => {
    const row = await lockDiscount(tx, id)
    const [rule] = row.rule_id ? await tx.select().from(discountRule).where(eq(discountRule.id, row.rule_id)) : []
    const current = await tx.select().from(discountRegions).where(eq(discountRegions.discount_id, id))
    if (current.some((entry) => entry.region_id === regionId)) return
    await assertRegions(tx, [...current.map((entry) => entry.region_id), regionId], rule?.type ?? 'percentage')
    await tx.insert(discountRegions).values({ discount_id: id, region_id: regionId })
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return retrieveDiscount(db, id)
}

export async function removeRegion(db: Db, id: string, regionId: string): Promise<Discount> {
  await inTransaction(db, async (tx) => {
    await lockDiscount(tx, id)
    await tx
      .delete(discountRegions)
      .where(and(eq(discountRegions.discount_id, id), eq(discountRegions.region_id, regionId)))
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return retrieveDiscount(db, id)
}

/** A live condition of the discount's rule; one of another discount is a 400 (v1). */
async function conditionOfRule(
  tx: Db,
  ruleId: string | null,
  conditionId: string,
): Promise<typeof discountCondition.$inferSelect> {
  const [condition] = await tx
    .select()
    .from(discountCondition)
    .where(and(eq(discountCondition.id, conditionId), isNull(discountCondition.deleted_at)))
  if (!condition) throw NotFound.entity('DiscountCondition', conditionId)
  if (condition.discount_rule_id !== ruleId) {
    throw new InvalidData(`Condition ${conditionId} does not belong to this discount`)
  }
  return condition
}

async function replaceResources(tx: Db, conditionId: string, type: ConditionType, ids: string[]): Promise<void> {
  await tx.delete(discountConditionResource).where(eq(discountConditionResource.condition_id, conditionId))
  await addResources(tx, conditionId, type, ids)
}

export async function createCondition(db: Db, id: string, input: ConditionInput, expand?: string): Promise<Discount> {
  await inTransaction(db, async (tx) => {
    const row = await lockDiscount(tx, id)
    if (!row.rule_id) throw new InvalidData('The discount has no rule')
    await insertCondition(tx, row.rule_id, input)
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return retrieveDiscount(db, id, expand)
}

export async function retrieveCondition(
  db: Db,
  id: string,
  conditionId: string,
): Promise<DiscountCondition & { discount_rule?: DiscountRule }> {
  const row = await retrieveDiscountRow(db, id)
  const condition = await conditionOfRule(db, row.rule_id, conditionId)
  const [rule] = await db.select().from(discountRule).where(eq(discountRule.id, condition.discount_rule_id))
  return { ...condition, discount_rule: rule }
}

export async function updateCondition(
  db: Db,
  id: string,
  conditionId: string,
  input: Partial<Record<ConditionType, string[]>>,
  expand?: string,
): Promise<Discount> {
  await inTransaction(db, async (tx) => {
    const row = await lockDiscount(tx, id)
    const condition = await conditionOfRule(tx, row.rule_id, conditionId)
    const { type, ids } = conditionResourcesOf(input)
    if (type !== condition.type) throw new InvalidData(`${type}: the condition is on ${condition.type}`)
    await replaceResources(tx, condition.id, type, ids)
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return retrieveDiscount(db, id, expand)
}

export async function deleteCondition(db: Db, id: string, conditionId: string, expand?: string) {
  await inTransaction(db, async (tx) => {
    const row = await lockDiscount(tx, id)
    const [condition] = await tx
      .select()
      .from(discountCondition)
      .where(and(eq(discountCondition.id, conditionId), isNull(discountCondition.deleted_at)))
    // v1 answers a missing condition as deleted.
    if (!condition) return
    if (condition.discount_rule_id !== row.rule_id) {
      throw new InvalidData(`Condition ${conditionId} does not belong to this discount`)
    }
    await tx.update(discountCondition).set({ deleted_at: new Date() }).where(eq(discountCondition.id, conditionId))
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return {
    id: conditionId,
    object: 'discount-condition',
    deleted: true,
    discount: await retrieveDiscount(db, id, expand),
  }
}

/** Adds (or with `remove`, removes) resources of the condition's own type. */
export async function batchConditionResources(
  db: Db,
  id: string,
  conditionId: string,
  resources: { id: string }[],
  remove: boolean,
  expand?: string,
): Promise<Discount> {
  await inTransaction(db, async (tx) => {
    const row = await lockDiscount(tx, id)
    const condition = await conditionOfRule(tx, row.rule_id, conditionId)
    const ids = [...new Set(resources.map((resource) => resource.id))]
    if (remove) {
      await tx
        .delete(discountConditionResource)
        .where(
          and(
            eq(discountConditionResource.condition_id, condition.id),
            inArray(discountConditionResource.resource_id, ids),
          ),
        )
    } else {
      await addResources(tx, condition.id, condition.type, ids)
    }
    await emit(tx, DISCOUNT_EVENTS.updated, { id })
  })
  return retrieveDiscount(db, id, expand)
}
