import { and, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../../db/types.js'
import { validatorCompiler } from '../../../core/validation.js'
import { concurrently } from '../../../db/fast-path/concurrent.js'
import type { CatalogFlags } from '../../catalog/products/products.js'
import { AdminPostProductsProductReq, AdminPostProductsReq } from '../../catalog/products/contract.js'
import { product, productCategory, productCollection, productOption, productVariant } from '../../catalog/schema.js'
import { salesChannel } from '../../sales-channels/schema.js'
import { PRODUCT_COLUMNS, VARIANT_COLUMNS, numbered } from './csv-format.js'
import type { DraftProduct, DraftVariant } from './import-draft.js'
import type { RowError } from './import-rows.js'

/**
 * The second step of validating an import: what needs the database (which products and variants
 * exist, collections, categories, sales channels, SKUs in use), for a batch of drafts at a time with
 * one query per kind. The outcome is, per product, the body the catalogue's own create or update
 * takes, checked against the same schema the admin routes use.
 */

export interface PlannedProduct {
  line: number
  rows: number
  action: 'create' | 'update'
  /** The product updated, or the id a new product keeps (the file's, when no product ever had it). */
  id: string | null
  input: Record<string, unknown>
  variants: { create: number; update: number; delete: number }
}

interface Lookups {
  productsById: Map<
    string,
    { id: string; deleted: boolean; handle: string | null; metadata: Record<string, unknown> | null }
  >
  liveByHandle: Map<string, string>
  variantsByProduct: Map<string, { id: string; metadata: Record<string, unknown> | null }[]>
  variantOwner: Map<string, string>
  skuOwner: Map<string, string>
  optionsByProduct: Map<string, { id: string; title: string }[]>
  collections: Map<string, string>
  categories: Map<string, string>
  channels: Set<string>
}

const uniq = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => !!value))]

async function lookUp(db: Db, drafts: DraftProduct[]): Promise<Lookups> {
  const ids = uniq(drafts.map((draft) => draft.productId))
  const handles = uniq(drafts.map((draft) => draft.handle))
  const variantIds = uniq(
    drafts.flatMap((draft) => draft.variants.map((variant) => variant.fields.id as string | null)),
  )
  const skus = uniq(
    drafts.flatMap((draft) => draft.variants.map((variant) => (variant.fields.sku as string | null)?.trim())),
  )
  const collectionHandles = uniq(drafts.map((draft) => draft.fields.collection_handle as string | null))
  const categoryHandles = uniq(drafts.flatMap((draft) => (draft.categoryHandles ?? []).map((entry) => entry.handle)))
  const channelIds = uniq(drafts.flatMap((draft) => (draft.channelIds ?? []).map((entry) => entry.id)))
  const none = <T>() => Promise.resolve([] as T[])
  const [byId, byHandle, variants, bySku, collections, categories, channels] = await concurrently(db, [
    () =>
      ids.length
        ? db
            .select({
              id: product.id,
              deleted_at: product.deleted_at,
              handle: product.handle,
              metadata: product.metadata,
            })
            .from(product)
            .where(inArray(product.id, ids))
        : none<never>(),
    () =>
      handles.length
        ? db
            .select({ id: product.id, handle: product.handle, metadata: product.metadata })
            .from(product)
            .where(and(inArray(product.handle, handles), isNull(product.deleted_at)))
        : none<never>(),
    () =>
      variantIds.length
        ? db
            .select({ id: productVariant.id, product_id: productVariant.product_id })
            .from(productVariant)
            .where(and(inArray(productVariant.id, variantIds), isNull(productVariant.deleted_at)))
        : none<never>(),
    () =>
      skus.length
        ? db
            .select({ id: productVariant.id, sku: productVariant.sku })
            .from(productVariant)
            .where(and(inArray(productVariant.sku, skus), isNull(productVariant.deleted_at)))
        : none<never>(),
    () =>
      collectionHandles.length
        ? db
            .select({ id: productCollection.id, handle: productCollection.handle })
            .from(productCollection)
            .where(and(inArray(productCollection.handle, collectionHandles), isNull(productCollection.deleted_at)))
        : none<never>(),
    () =>
      categoryHandles.length
        ? db
            .select({ id: productCategory.id, handle: productCategory.handle })
            .from(productCategory)
            .where(inArray(productCategory.handle, categoryHandles))
        : none<never>(),
    () =>
      channelIds.length
        ? db
            .select({ id: salesChannel.id })
            .from(salesChannel)
            .where(and(inArray(salesChannel.id, channelIds), isNull(salesChannel.deleted_at)))
        : none<never>(),
  ])
  const productsById = new Map(
    (
      byId as { id: string; deleted_at: Date | null; handle: string | null; metadata: Record<string, unknown> | null }[]
    ).map((row) => [
      row.id,
      { id: row.id, deleted: row.deleted_at !== null, handle: row.handle, metadata: row.metadata },
    ]),
  )
  for (const row of byHandle as { id: string; handle: string; metadata: Record<string, unknown> | null }[]) {
    if (!productsById.has(row.id))
      productsById.set(row.id, { id: row.id, deleted: false, handle: row.handle, metadata: row.metadata })
  }
  const targets = [...productsById.values()].filter((row) => !row.deleted).map((row) => row.id)
  const [targetVariants, targetOptions] = await concurrently(db, [
    () =>
      targets.length
        ? db
            .select({ id: productVariant.id, product_id: productVariant.product_id, metadata: productVariant.metadata })
            .from(productVariant)
            .where(and(inArray(productVariant.product_id, targets), isNull(productVariant.deleted_at)))
        : none<never>(),
    () =>
      targets.length
        ? db
            .select({ id: productOption.id, product_id: productOption.product_id, title: productOption.title })
            .from(productOption)
            .where(and(inArray(productOption.product_id, targets), isNull(productOption.deleted_at)))
        : none<never>(),
  ])
  const group = <T extends { product_id: string }>(rows: T[]) => {
    const map = new Map<string, T[]>()
    for (const row of rows) {
      const list = map.get(row.product_id)
      if (list) list.push(row)
      else map.set(row.product_id, [row])
    }
    return map
  }
  return {
    productsById,
    liveByHandle: new Map((byHandle as { id: string; handle: string }[]).map((row) => [row.handle, row.id])),
    variantsByProduct: group(
      targetVariants as { id: string; product_id: string; metadata: Record<string, unknown> | null }[],
    ),
    variantOwner: new Map((variants as { id: string; product_id: string }[]).map((row) => [row.id, row.product_id])),
    skuOwner: new Map((bySku as { id: string; sku: string }[]).map((row) => [row.sku, row.id])),
    optionsByProduct: group(targetOptions as { id: string; product_id: string; title: string }[]),
    collections: new Map((collections as { id: string; handle: string }[]).map((row) => [row.handle, row.id])),
    categories: new Map((categories as { id: string; handle: string }[]).map((row) => [row.handle, row.id])),
    channels: new Set((channels as { id: string }[]).map((row) => row.id)),
  }
}

const validateCreate = validatorCompiler({
  schema: AdminPostProductsReq,
  httpPart: 'body',
  method: 'POST',
  url: '',
}) as ValidateFn
const validateUpdate = validatorCompiler({
  schema: AdminPostProductsProductReq,
  httpPart: 'body',
  method: 'POST',
  url: '',
}) as ValidateFn
type ValidateFn = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; message?: string; params?: Record<string, unknown> }[] | null
}

const PRODUCT_HEADER = new Map(PRODUCT_COLUMNS.map((column) => [column.field, column.header]))
const VARIANT_HEADER = new Map(VARIANT_COLUMNS.map((column) => [column.field, column.header]))

/** Names the cell of a schema error at `/variants/2/sku`, `/title`, `/images/0`… */
function schemaErrors(validate: ValidateFn, draft: DraftProduct): RowError[] {
  return (validate.errors ?? []).map((error) => {
    const [first, second, third] = error.instancePath.split('/').filter(Boolean)
    const message = error.message ?? 'is invalid'
    if (first === 'variants' && second !== undefined) {
      const variant = draft.variants[Number(second)]
      const column =
        third === 'prices' ? null : third === 'options' ? numbered.optionValue(1) : (VARIANT_HEADER.get(third) ?? null)
      return { line: variant?.line ?? draft.line, column, message }
    }
    if (first === 'images') return { line: draft.line, column: numbered.image(Number(second) + 1), message }
    if (first === 'tags') return { line: draft.line, column: 'Product Tags', message }
    if (first === 'type') return { line: draft.line, column: 'Product Type', message }
    return { line: draft.line, column: PRODUCT_HEADER.get(first) ?? null, message: first ? message : `${message}` }
  })
}

/**
 * The file's metadata as an update: every key the file no longer has is set to "", which the
 * catalogue's metadata merge removes; nothing when both sides are empty.
 */
function replacingMetadata(
  current: Record<string, unknown> | null,
  given: unknown,
): Record<string, unknown> | undefined {
  const next = (given ?? {}) as Record<string, unknown>
  if (current === null && Object.keys(next).length === 0) return undefined
  return { ...Object.fromEntries(Object.keys(current ?? {}).map((key) => [key, ''])), ...next }
}

const defined = (entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined))

const NULLABLE_SCALARS = [
  'subtitle',
  'description',
  'thumbnail',
  'weight',
  'length',
  'width',
  'height',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'external_id',
]
const REQUIRED_IF_SET = ['title', 'handle', 'status', 'discountable']
const VARIANT_NULLABLE = [
  'sku',
  'barcode',
  'ean',
  'upc',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'weight',
  'length',
  'width',
  'height',
]
const VARIANT_REQUIRED_IF_SET = ['title', 'inventory_quantity', 'allow_backorder', 'manage_inventory']

function pick(fields: Record<string, unknown>, nullable: string[], requiredIfSet: string[]) {
  const out: Record<string, unknown> = {}
  for (const key of nullable) if (key in fields) out[key] = fields[key]
  for (const key of requiredIfSet) if (fields[key] !== undefined && fields[key] !== null) out[key] = fields[key]
  return out
}

function variantBody(
  variant: DraftVariant,
  existingMetadata: Record<string, unknown> | null | undefined,
  updating: boolean,
) {
  const body: Record<string, unknown> = pick(variant.fields, VARIANT_NULLABLE, VARIANT_REQUIRED_IF_SET)
  if (typeof body.sku === 'string') body.sku = body.sku.trim()
  if ('metadata' in variant.fields) {
    body.metadata = updating
      ? replacingMetadata(existingMetadata ?? null, variant.fields.metadata)
      : (variant.fields.metadata ?? undefined)
  }
  if (variant.prices) {
    body.prices = variant.prices.map((price) =>
      price.region_id
        ? { amount: price.amount, region_id: price.region_id }
        : { amount: price.amount, currency_code: price.currency_code },
    )
  }
  return defined(body)
}

/** Checks drafts against the database and turns each valid one into a catalogue create or update. */
export async function planProducts(
  db: Db,
  drafts: DraftProduct[],
  flags: CatalogFlags,
): Promise<{ plans: PlannedProduct[]; errors: RowError[] }> {
  if (drafts.length === 0) return { plans: [], errors: [] }
  const lookups = await lookUp(db, drafts)
  const plans: PlannedProduct[] = []
  const errors: RowError[] = []
  for (const draft of drafts) {
    const result = planOne(draft, lookups, flags)
    if ('plan' in result) plans.push(result.plan)
    else errors.push(...result.errors)
  }
  return { plans, errors }
}

function planOne(
  draft: DraftProduct,
  lookups: Lookups,
  flags: CatalogFlags,
): { plan: PlannedProduct } | { errors: RowError[] } {
  const errors: RowError[] = []
  const fail = (line: number, column: string | null, message: string) => errors.push({ line, column, message })
  const byId = draft.productId ? lookups.productsById.get(draft.productId) : undefined
  const targetId = byId && !byId.deleted ? byId.id : draft.handle ? lookups.liveByHandle.get(draft.handle) : undefined
  const target = targetId ? lookups.productsById.get(targetId) : undefined
  if (
    target &&
    draft.handle &&
    lookups.liveByHandle.has(draft.handle) &&
    lookups.liveByHandle.get(draft.handle) !== target.id
  ) {
    fail(
      draft.line,
      'Product Handle',
      `${draft.handle} is already the handle of product ${lookups.liveByHandle.get(draft.handle)}`,
    )
  }
  if (!target && !draft.fields.title) fail(draft.line, 'Product Title', 'is required for a new product')

  const body: Record<string, unknown> = pick(draft.fields, NULLABLE_SCALARS, REQUIRED_IF_SET)
  if (draft.handle) body.handle = draft.handle
  if ('type' in draft.fields) body.type = draft.fields.type ? { value: draft.fields.type } : null
  if ('metadata' in draft.fields) {
    body.metadata = target
      ? replacingMetadata(target.metadata, draft.fields.metadata)
      : (draft.fields.metadata ?? undefined)
  }
  if (draft.tags) body.tags = draft.tags.map((value) => ({ value }))
  if (draft.images) body.images = draft.images
  if ('collection_handle' in draft.fields) {
    const handle = draft.fields.collection_handle as string | null
    const id = handle ? lookups.collections.get(handle) : null
    if (handle && !id) fail(draft.line, 'Product Collection Handle', `No collection has the handle ${handle}`)
    body.collection_id = id
  }
  if (draft.categoryHandles) {
    body.categories = draft.categoryHandles.flatMap(({ handle, column }) => {
      const id = lookups.categories.get(handle)
      if (!id) fail(draft.line, column, `No category has the handle ${handle}`)
      return id ? [{ id }] : []
    })
  }
  if (draft.channelIds && flags.sales_channels) {
    body.sales_channels = draft.channelIds.flatMap(({ id, column }) => {
      if (!lookups.channels.has(id)) fail(draft.line, column, `No sales channel has the id ${id}`)
      return [{ id }]
    })
  }

  const existingVariants = target ? (lookups.variantsByProduct.get(target.id) ?? []) : []
  const existingById = new Map(existingVariants.map((variant) => [variant.id, variant]))
  const options = target ? (lookups.optionsByProduct.get(target.id) ?? []) : []
  if (target && draft.variants.length > 0) {
    const have = options
      .map((option) => option.title)
      .sort()
      .join('\u0000')
    if (have !== [...draft.optionTitles].sort().join('\u0000')) {
      fail(
        draft.line,
        numbered.optionName(1),
        `The product has the options (${options.map((o) => o.title).join(', ') || 'none'}); an import cannot change a product's options`,
      )
    }
  }
  let created = 0
  let updated = 0
  const variants = draft.variants.map((variant) => {
    const givenId = (variant.fields.id as string | null)?.trim() || null
    const owner = givenId ? lookups.variantOwner.get(givenId) : undefined
    const keeps = givenId && target && existingById.has(givenId) ? givenId : null
    if (owner && owner !== target?.id)
      fail(variant.line, 'Variant Id', `${givenId} is a variant of another product (${owner})`)
    const sku = (variant.fields.sku as string | null)?.trim()
    const skuOwner = sku ? lookups.skuOwner.get(sku) : undefined
    if (skuOwner && skuOwner !== keeps)
      fail(variant.line, 'Variant SKU', `${sku} is already the SKU of variant ${skuOwner}`)
    if (keeps) updated++
    else created++
    const bodyOf = variantBody(variant, existingById.get(keeps ?? '')?.metadata, keeps !== null)
    if (!target)
      return { ...bodyOf, prices: bodyOf.prices ?? [], options: variant.optionValues.map((value) => ({ value })) }
    const optionValues = draft.optionTitles.flatMap((title, index) => {
      const option = options.find((candidate) => candidate.title === title)
      return option ? [{ option_id: option.id, value: variant.optionValues[index] }] : []
    })
    return { ...bodyOf, ...(keeps ? { id: keeps } : { prices: bodyOf.prices ?? [] }), options: optionValues }
  })
  body.variants = variants
  if (!target) {
    body.options = draft.optionTitles.map((title) => ({ title }))
    if ('is_giftcard' in draft.fields && draft.fields.is_giftcard !== null) body.is_giftcard = draft.fields.is_giftcard
  }
  if (!flags.sales_channels) delete body.sales_channels
  const validate = target ? validateUpdate : validateCreate
  if (errors.length === 0 && !validate(body)) errors.push(...schemaErrors(validate, draft))
  if (errors.length > 0) return { errors }
  return {
    plan: {
      line: draft.line,
      rows: draft.rows,
      action: target ? 'update' : 'create',
      id: target ? target.id : draft.productId && !byId ? draft.productId : null,
      input: body,
      variants: { create: created, update: updated, delete: target ? existingVariants.length - updated : 0 },
    },
  }
}
