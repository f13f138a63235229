import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, ne, type AnyColumn, type SQL } from 'drizzle-orm'
import { generateId } from '../../db/ids.js'
import { mergedMetadata } from '../../db/metadata.js'
import type { Db } from '../../db/types.js'
import { DuplicateError, InvalidData, NotFound } from '../../core/errors.js'
import {
  dateConditions,
  likePattern,
  listAnswer,
  orderBy,
  parseExpand,
  parseFields,
  type ListAnswer,
  sortableColumns,
  stringComparisonConditions,
  whereAll,
  type Picked,
} from '../../core/list.js'
import { toList } from '../../core/schemas.js'
import type { CustomerOrdersLoader } from './seams.js'
import {
  CUSTOMER_GROUP_FIELDS,
  customerGroupsPaging,
  type AdminGetCustomerGroupsParams,
  type AdminGetCustomersParams,
  type AdminPostCustomerGroupsGroupReq,
  type AdminPostCustomerGroupsReq,
  type FindParamsQuery,
} from './contract.js'
import { customer, customerGroup, customerGroupCustomer } from './schema.js'
import {
  listCustomers,
  publicCustomerColumns,
  type CustomerGroupRow,
  type CustomerWithRelations,
  type PublicCustomer,
} from './service.js'

const SORTABLE = sortableColumns({
  id: customerGroup.id,
  name: customerGroup.name,
  created_at: customerGroup.created_at,
  updated_at: customerGroup.updated_at,
})

export type CustomerGroupWithCustomers = Picked<CustomerGroupRow> & { customers?: PublicCustomer[] }

/** Relations `expand=` may name. `price_lists` arrives with the pricing module. */
const GROUP_RELATIONS = ['customers'] as const

const activeGroup = (id: string) => and(eq(customerGroup.id, id), isNull(customerGroup.deleted_at))

/** The columns `fields=` selects (always with `id`), or every column. */
function groupColumns(fields: string | undefined): ReturnType<typeof getTableColumns<typeof customerGroup>> {
  const all = getTableColumns(customerGroup)
  const selected = parseFields(fields, CUSTOMER_GROUP_FIELDS)
  if (!selected) return all
  return Object.fromEntries(Object.entries(all).filter(([key]) => selected.has(key))) as typeof all
}

/**
 * `customers` of each group in one query. v1 loads every member here; the paginated
 * `GET /admin/customer-groups/:id/customers` is the way to page through a large group.
 */
async function withCustomers(
  db: Db,
  groups: Picked<CustomerGroupRow>[],
  relations: ReadonlySet<string>,
): Promise<CustomerGroupWithCustomers[]> {
  if (!relations.has('customers') || groups.length === 0) return groups
  const ids = groups.flatMap((group) => (group.id ? [group.id] : []))
  const members = await db
    .select({ group_id: customerGroupCustomer.customer_group_id, customer: publicCustomerColumns })
    .from(customerGroupCustomer)
    .innerJoin(customer, eq(customer.id, customerGroupCustomer.customer_id))
    .where(and(inArray(customerGroupCustomer.customer_group_id, ids), isNull(customer.deleted_at)))
    .orderBy(asc(customer.created_at), asc(customer.id))
  return groups.map((group) => ({
    ...group,
    customers: members.filter((member) => member.group_id === group.id).map((member) => member.customer),
  }))
}

/**
 * The live group. A write locks it (`lock`) until its transaction ends: a change of its members
 * shares the lock, a change of the group itself takes it whole, so members are never added to a
 * group being deleted (which ends its memberships), and a deleted group is not found again.
 */
async function findGroup(db: Db, id: string, lock?: 'share' | 'update'): Promise<CustomerGroupRow> {
  const query = db.select().from(customerGroup).where(activeGroup(id)).limit(1)
  const [row] = lock ? await query.for(lock) : await query
  if (!row) throw NotFound.entity('CustomerGroup', id)
  return row
}

export async function retrieveCustomerGroup(
  db: Db,
  id: string,
  query: FindParamsQuery = {},
): Promise<CustomerGroupWithCustomers> {
  const relations = parseExpand(query.expand, GROUP_RELATIONS, [])
  const [row] = await db.select(groupColumns(query.fields)).from(customerGroup).where(activeGroup(id)).limit(1)
  if (!row) throw NotFound.entity('CustomerGroup', id)
  const [loaded] = await withCustomers(db, [row], relations)
  return loaded
}

/** `id=a`, `id[]=a&id[]=b`, or a StringComparison such as `id[starts_with]=cgrp_`. */
function stringConditions(column: AnyColumn, value: AdminGetCustomerGroupsParams['id']): SQL[] {
  if (value === undefined) return []
  if (typeof value === 'string' || Array.isArray(value)) return [inArray(column, toList(value) ?? [])]
  return stringComparisonConditions(column, value)
}

export async function listCustomerGroups(
  db: Db,
  query: AdminGetCustomerGroupsParams,
): Promise<ListAnswer<'customer_groups', CustomerGroupWithCustomers>> {
  const relations = parseExpand(query.expand, GROUP_RELATIONS, [])
  const names = toList(query.name)
  const where = whereAll([
    isNull(customerGroup.deleted_at),
    ...stringConditions(customerGroup.id, query.id),
    names ? inArray(customerGroup.name, names) : undefined,
    ...dateConditions(customerGroup.created_at, query.created_at, 'created_at'),
    ...dateConditions(customerGroup.updated_at, query.updated_at, 'updated_at'),
    query.q ? ilike(customerGroup.name, likePattern(query.q)) : undefined,
  ])
  const order = orderBy(query.order, SORTABLE, '-created_at', customerGroup.id)
  const columns = groupColumns(query.fields)
  const page = customerGroupsPaging.page(query)
  const rows = await db
    .select(columns)
    .from(customerGroup)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db.select({ value: count() }).from(customerGroup).where(where)
  return listAnswer('customer_groups', await withCustomers(db, rows, relations), total.value, page)
}

async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const [other] = await db
    .select({ id: customerGroup.id })
    .from(customerGroup)
    .where(
      and(
        eq(customerGroup.name, name),
        isNull(customerGroup.deleted_at),
        exceptId ? ne(customerGroup.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (other) throw new DuplicateError(`A customer group with the name ${name} already exists`)
}

export async function createCustomerGroup(db: Db, input: AdminPostCustomerGroupsReq): Promise<CustomerGroupRow> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name)
    const [created] = await tx
      .insert(customerGroup)
      .values({ id: generateId('cgrp'), name: input.name, metadata: input.metadata ?? null })
      .returning()
    return created
  })
}

export async function updateCustomerGroup(
  db: Db,
  id: string,
  input: AdminPostCustomerGroupsGroupReq,
  query: FindParamsQuery = {},
): Promise<CustomerGroupWithCustomers> {
  return db.transaction(async (tx) => {
    const current = await findGroup(tx, id, 'update')
    if (input.name !== undefined && input.name !== current.name) await assertNameFree(tx, input.name, id)
    await tx
      .update(customerGroup)
      // updated_at keeps the SET non-empty for an empty body, which drizzle would refuse.
      .set({
        name: input.name,
        metadata: mergedMetadata(customerGroup.metadata, input.metadata),
        updated_at: new Date(),
      })
      .where(eq(customerGroup.id, id))
    return retrieveCustomerGroup(tx, id, query)
  })
}

/** Soft-deletes the group and ends its memberships; its name is free again. */
export async function deleteCustomerGroup(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findGroup(tx, id, 'update')
    await tx.update(customerGroup).set({ deleted_at: new Date() }).where(eq(customerGroup.id, id))
    await tx.delete(customerGroupCustomer).where(eq(customerGroupCustomer.customer_group_id, id))
  })
}

async function assertCustomersExist(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  const found = await db
    .select({ id: customer.id })
    .from(customer)
    .where(and(inArray(customer.id, ids), isNull(customer.deleted_at)))
  const known = new Set(found.map((row) => row.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new InvalidData(`The following customer ids do not exist: ${JSON.stringify(unknown.join(', '))}`)
  }
}

/** Adds customers to a group; adding a member again changes nothing. */
export async function addCustomersToGroup(db: Db, groupId: string, customerIds: string[]): Promise<CustomerGroupRow> {
  const ids = [...new Set(customerIds)]
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, 'share')
    await assertCustomersExist(tx, ids)
    if (ids.length > 0) {
      await tx
        .insert(customerGroupCustomer)
        .values(ids.map((id) => ({ customer_group_id: groupId, customer_id: id })))
        .onConflictDoNothing()
    }
    return group
  })
}

export async function removeCustomersFromGroup(
  db: Db,
  groupId: string,
  customerIds: string[],
): Promise<CustomerGroupRow> {
  const ids = [...new Set(customerIds)]
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId, 'share')
    await assertCustomersExist(tx, ids)
    if (ids.length > 0) {
      await tx
        .delete(customerGroupCustomer)
        .where(
          and(eq(customerGroupCustomer.customer_group_id, groupId), inArray(customerGroupCustomer.customer_id, ids)),
        )
    }
    return group
  })
}

/** `GET /admin/customer-groups/:id/customers`: the customers list, forced to this group. */
export async function listGroupCustomers(
  db: Db,
  groupId: string,
  query: AdminGetCustomersParams,
  loadOrders?: CustomerOrdersLoader,
): Promise<ListAnswer<'customers', CustomerWithRelations>> {
  await findGroup(db, groupId)

  return listCustomers(db, { ...query, groups: [groupId] }, loadOrders)
}
