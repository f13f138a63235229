import { and, asc, count, gt, type SQL } from 'drizzle-orm'
import { InvalidData } from '../../../core/errors.js'
import { formatValidationErrors, validatorCompiler } from '../../../core/validation.js'
import type { Db } from '../../../db/types.js'
import { AdminOrderFilters } from '../../orders/admin/contract.js'
import { adminOrderSelection, loadAdminOrders, type AdminOrderView } from '../../orders/admin/loader.js'
import { adminOrderFilter } from '../../orders/admin/service.js'
import { order } from '../../orders/schema.js'
import type { BatchJobResult } from '../schema.js'
import type { BatchJobStrategy, JobRun } from '../strategy.js'
import { exportCsv } from './csv-export.js'

/**
 * `order-export`: the orders the list's filters select (`context.filterable_fields`, as
 * `GET /admin/orders` takes them) as one CSV through the file provider, v1's columns and `;`.
 */

/** v1's list keys a client may send beside the filters; the export reads every matching order. */
const LIST_KEYS = new Set(['list_config', 'limit', 'offset', 'order', 'fields', 'expand', 'batch_size'])

interface Column {
  header: string
  cell: (row: AdminOrderView) => unknown
}

const COLUMNS: Column[] = [
  { header: 'Order_ID', cell: (row) => row.id },
  { header: 'Display_ID', cell: (row) => row.display_id },
  { header: 'Order status', cell: (row) => row.status },
  { header: 'Date', cell: (row) => new Date(row.created_at as string | Date).toUTCString() },
  { header: 'Customer First name', cell: (row) => row.customer?.first_name },
  { header: 'Customer Last name', cell: (row) => row.customer?.last_name },
  { header: 'Customer Email', cell: (row) => row.customer?.email ?? row.email },
  { header: 'Customer ID', cell: (row) => row.customer_id },
  { header: 'Shipping Address 1', cell: (row) => row.shipping_address?.address_1 },
  { header: 'Shipping Address 2', cell: (row) => row.shipping_address?.address_2 },
  { header: 'Shipping Country Code', cell: (row) => row.shipping_address?.country_code },
  { header: 'Shipping City', cell: (row) => row.shipping_address?.city },
  { header: 'Shipping Postal Code', cell: (row) => row.shipping_address?.postal_code },
  { header: 'Shipping Region ID', cell: (row) => row.region_id },
  { header: 'Fulfillment Status', cell: (row) => row.fulfillment_status },
  { header: 'Payment Status', cell: (row) => row.payment_status },
  { header: 'Subtotal', cell: (row) => row.subtotal },
  { header: 'Shipping Total', cell: (row) => row.shipping_total },
  { header: 'Discount Total', cell: (row) => row.discount_total },
  { header: 'Gift Card Total', cell: (row) => row.gift_card_total },
  { header: 'Refunded Total', cell: (row) => row.refunded_total },
  { header: 'Tax Total', cell: (row) => row.tax_total },
  { header: 'Total', cell: (row) => row.total },
  { header: 'Currency Code', cell: (row) => row.currency_code },
]

const SALES_CHANNEL_COLUMNS: Column[] = [
  { header: 'Sales channel name', cell: (row) => row.sales_channel?.name },
  { header: 'Sales channel description', cell: (row) => row.sales_channel?.description },
]

type Loaded = AdminOrderView & {
  customer?: { first_name?: string | null; last_name?: string | null; email?: string } | null
  shipping_address?: Record<string, string | null> | null
  [total: string]: unknown
}

function columnsFor(salesChannels: boolean): Column[] {
  return salesChannels ? [...COLUMNS, ...SALES_CHANNEL_COLUMNS] : COLUMNS
}

function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}

// The list's own schema, checked as a JSON body is (no coercion), so a filter is valid here iff it is in the list.
const validateFilters = validatorCompiler({
  schema: AdminOrderFilters,
  httpPart: 'body',
  method: 'POST',
  url: '',
}) as ((data: unknown) => boolean) & { errors?: Parameters<typeof formatValidationErrors>[0] | null }

/** Checks `filterable_fields` as the list's query; the message names the first wrong field. */
function checkedFilters(value: unknown): AdminOrderFilters {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidData('context.filterable_fields: must be an object of the order list filters')
  }
  if (!validateFilters(value)) {
    const { message } = formatValidationErrors(validateFilters.errors ?? [], 'body')
    throw new InvalidData(`context.filterable_fields.${message}`)
  }
  return value as AdminOrderFilters
}

function filtersOf(run: JobRun): SQL | undefined {
  return adminOrderFilter((run.job.context?.filterable_fields ?? {}) as AdminOrderFilters)
}

async function countOrders(db: Db, where: SQL | undefined): Promise<number> {
  const [{ value }] = await db.select({ value: count() }).from(order).where(where)
  return value
}

export const orderExportStrategy: BatchJobStrategy = {
  type: 'order-export',

  async prepareContext(context) {
    const unknown = Object.keys(context).find((key) => key !== 'filterable_fields' && !LIST_KEYS.has(key))
    if (unknown) {
      throw new InvalidData(`context.${unknown}: order-export takes filterable_fields (the order list filters)`)
    }
    const filters = checkedFilters(context.filterable_fields)
    // A bad date or id fails here, at creation, rather than in the run.
    adminOrderFilter(filters)
    return { filterable_fields: filters }
  },

  async preProcess(run: JobRun): Promise<BatchJobResult> {
    const total = await countOrders(run.db, filtersOf(run))
    return {
      count: total,
      advancement_count: 0,
      progress: 0,
      stat_descriptors: [
        {
          key: 'order-export-count',
          name: 'Order count to export',
          message: `There will be ${total} orders exported by this action`,
        },
      ],
    }
  },

  async process(run: JobRun): Promise<BatchJobResult> {
    const where = filtersOf(run)
    const columns = columnsFor(run.flags.sales_channels)
    const selection = adminOrderSelection({
      expand: run.flags.sales_channels ? 'customer,shipping_address,sales_channel' : 'customer,shipping_address',
    })
    return exportCsv(run, {
      filename: 'order-export.csv',
      total: await countOrders(run.db, where),
      csv: { header: true, delimiter: ';', columns: columns.map((column) => column.header) },
      readPage: (tx, after, limit) =>
        tx
          .select()
          .from(order)
          .where(and(where, gt(order.id, after)))
          .orderBy(asc(order.id))
          .limit(limit),
      recordsOf: async (tx, page) =>
        ((await loadAdminOrders(tx, page, selection)) as Loaded[]).map((loaded) =>
          columns.map((column) => cellText(column.cell(loaded))),
        ),
    })
  },
}
