/**
 * The API filters of the order list's URL state (search, statuses, region, channel, dates). The
 * list sends them with its page; the export sends them as its `filterable_fields`, so both select
 * the same orders.
 */
export function orderListFilters(q: string, filters: Readonly<Record<string, string>>): Record<string, unknown> {
  return {
    ...(q ? { q } : {}),
    ...(filters.status ? { status: [filters.status] } : {}),
    ...(filters.payment_status ? { payment_status: [filters.payment_status] } : {}),
    ...(filters.fulfillment_status ? { fulfillment_status: [filters.fulfillment_status] } : {}),
    ...(filters.region_id ? { region_id: filters.region_id } : {}),
    ...(filters.sales_channel_id ? { sales_channel_id: filters.sales_channel_id } : {}),
    ...(filters.created_from || filters.created_to
      ? {
          created_at: {
            ...(filters.created_from ? { gte: filters.created_from } : {}),
            // The whole last day counts.
            ...(filters.created_to ? { lte: `${filters.created_to}T23:59:59.999Z` } : {}),
          },
        }
      : {}),
  }
}
