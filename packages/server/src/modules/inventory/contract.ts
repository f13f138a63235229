import { Type, type Static } from '@sinclair/typebox'
import { DateComparison, listPaging, listResponse } from '../../core/list.js'
import { Metadata, MetadataInput, Nullable, SoftDeletableFields, StringOrArray } from '../../core/schemas.js'
import { NumericalComparison } from '../catalog/products/contract.js'
import { SalesChannel } from '../sales-channels/contract.js'

/** Wire shapes of the inventory and stock-location modules (reference/admin-api.md, entities.md §6). */

const Text = Type.String({ maxLength: 1000 })
const Id = Type.String({ minLength: 1, maxLength: 255 })
/** Stock counts: whole units, never negative, within PostgreSQL's integer. */
const Quantity = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })
/** A reservation holds at least one unit. */
const ReservedUnits = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const Dimension = Type.Integer({ minimum: 0, maximum: 2_147_483_647 })

/** The inventory lists page by 20, ordered by a declared column; they take no `fields`. */
export const inventoryPaging = listPaging(20)
const Page = { order: Type.Optional(Type.String({ minLength: 1 })), ...inventoryPaging.pageParams }
const Expand = { expand: Type.Optional(Type.String()) }

// --- Stock locations -------------------------------------------------------------------------

export const StockLocationAddress = Type.Object({
  ...SoftDeletableFields,
  address_1: Type.String(),
  address_2: Nullable(Type.String()),
  company: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country_code: Type.String(),
  phone: Nullable(Type.String()),
  province: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  metadata: Metadata,
})

export const StockLocation = Type.Object({
  ...SoftDeletableFields,
  name: Type.String(),
  address_id: Nullable(Type.String()),
  metadata: Metadata,
  address: Type.Optional(Nullable(StockLocationAddress)),
  sales_channels: Type.Optional(Type.Array(SalesChannel)),
})
export type StockLocation = Static<typeof StockLocation>

/** The relations `expand` may name on stock locations; none by default. */
export const STOCK_LOCATION_RELATIONS = ['address', 'sales_channels'] as const

export const StockLocationAddressInput = Type.Object(
  {
    address_1: Type.String({ minLength: 1, maxLength: 1000 }),
    country_code: Type.String({ minLength: 2, maxLength: 2 }),
    address_2: Type.Optional(Text),
    company: Type.Optional(Text),
    city: Type.Optional(Text),
    phone: Type.Optional(Text),
    postal_code: Type.Optional(Text),
    province: Type.Optional(Text),
  },
  { additionalProperties: false },
)
export type StockLocationAddressInput = Static<typeof StockLocationAddressInput>

/** Non-empty once trimmed. */
const LocationName = Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' })

export const AdminPostStockLocationsReq = Type.Object(
  {
    name: LocationName,
    address: Type.Optional(StockLocationAddressInput),
    address_id: Type.Optional(Id),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostStockLocationsReq = Static<typeof AdminPostStockLocationsReq>

export const AdminPostStockLocationsLocationReq = Type.Partial(AdminPostStockLocationsReq, {
  additionalProperties: false,
})
export type AdminPostStockLocationsLocationReq = Static<typeof AdminPostStockLocationsLocationReq>

export const AdminGetStockLocationsParams = Type.Object(
  {
    q: Type.Optional(Type.String()),
    id: Type.Optional(StringOrArray),
    name: Type.Optional(StringOrArray),
    address_id: Type.Optional(StringOrArray),
    sales_channel_id: Type.Optional(StringOrArray),
    ...Page,
    ...Expand,
  },
  { additionalProperties: false },
)
export type AdminGetStockLocationsParams = Static<typeof AdminGetStockLocationsParams>
export const ExpandParams = Type.Object(Expand, { additionalProperties: false })

export const AdminStockLocationsRes = Type.Object({ stock_location: StockLocation })
export const AdminStockLocationsListRes = listResponse('stock_locations', StockLocation)

// --- Sales channel ↔ stock location ------------------------------------------------------------

export const AdminSalesChannelStockLocationReq = Type.Object({ location_id: Id }, { additionalProperties: false })

// --- Inventory items and levels ----------------------------------------------------------------

export const InventoryLevel = Type.Object({
  ...SoftDeletableFields,
  inventory_item_id: Type.String(),
  location_id: Type.String(),
  stocked_quantity: Type.Integer(),
  reserved_quantity: Type.Integer(),
  incoming_quantity: Type.Integer(),
  available_quantity: Type.Integer(),
  metadata: Metadata,
})
export type InventoryLevel = Static<typeof InventoryLevel>

const InventoryItemVariant = Type.Object({
  id: Type.String(),
  title: Type.String(),
  product_id: Type.String(),
  sku: Nullable(Type.String()),
  manage_inventory: Type.Boolean(),
  allow_backorder: Type.Boolean(),
  inventory_quantity: Type.Integer(),
})

export const InventoryItem = Type.Object({
  ...SoftDeletableFields,
  sku: Nullable(Type.String()),
  origin_country: Nullable(Type.String()),
  hs_code: Nullable(Type.String()),
  mid_code: Nullable(Type.String()),
  material: Nullable(Type.String()),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  thumbnail: Nullable(Type.String()),
  weight: Nullable(Type.Integer()),
  length: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  width: Nullable(Type.Integer()),
  requires_shipping: Type.Boolean(),
  metadata: Metadata,
  location_levels: Type.Array(InventoryLevel),
  stocked_quantity: Type.Integer(),
  reserved_quantity: Type.Integer(),
  variants: Type.Optional(Type.Array(InventoryItemVariant)),
})
export type InventoryItem = Static<typeof InventoryItem>

const itemFields = {
  sku: Type.Optional(Text),
  hs_code: Type.Optional(Text),
  origin_country: Type.Optional(Text),
  mid_code: Type.Optional(Text),
  material: Type.Optional(Text),
  title: Type.Optional(Text),
  description: Type.Optional(Text),
  thumbnail: Type.Optional(Text),
  weight: Type.Optional(Dimension),
  length: Type.Optional(Dimension),
  height: Type.Optional(Dimension),
  width: Type.Optional(Dimension),
}

export const AdminPostInventoryItemsReq = Type.Object(
  { variant_id: Type.Optional(Id), ...itemFields, metadata: Type.Optional(MetadataInput) },
  { additionalProperties: false },
)
export type AdminPostInventoryItemsReq = Static<typeof AdminPostInventoryItemsReq>

export const AdminPostInventoryItemsItemReq = Type.Object(
  { ...itemFields, requires_shipping: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type AdminPostInventoryItemsItemReq = Static<typeof AdminPostInventoryItemsItemReq>

export const AdminGetInventoryItemsParams = Type.Object(
  {
    id: Type.Optional(StringOrArray),
    q: Type.Optional(Type.String()),
    location_id: Type.Optional(StringOrArray),
    sku: Type.Optional(StringOrArray),
    origin_country: Type.Optional(StringOrArray),
    mid_code: Type.Optional(StringOrArray),
    material: Type.Optional(StringOrArray),
    hs_code: Type.Optional(StringOrArray),
    requires_shipping: Type.Optional(Type.Boolean()),
    ...Page,
    ...Expand,
  },
  { additionalProperties: false },
)
export type AdminGetInventoryItemsParams = Static<typeof AdminGetInventoryItemsParams>

export const AdminGetLocationLevelsParams = Type.Object(
  { location_id: Type.Optional(StringOrArray), ...Expand },
  { additionalProperties: false },
)

export const AdminPostLocationLevelsReq = Type.Object(
  { location_id: Id, stocked_quantity: Quantity, incoming_quantity: Type.Optional(Quantity) },
  { additionalProperties: false },
)
export type AdminPostLocationLevelsReq = Static<typeof AdminPostLocationLevelsReq>

export const AdminPostLocationLevelsLevelReq = Type.Object(
  { stocked_quantity: Type.Optional(Quantity), incoming_quantity: Type.Optional(Quantity) },
  { additionalProperties: false },
)
export type AdminPostLocationLevelsLevelReq = Static<typeof AdminPostLocationLevelsLevelReq>

export const AdminInventoryItemsRes = Type.Object({ inventory_item: InventoryItem })
export const AdminInventoryItemsListRes = listResponse('inventory_items', InventoryItem)
export const AdminLocationLevelsRes = Type.Object({
  inventory_item: Type.Object({ id: Type.String(), location_levels: Type.Array(InventoryLevel) }),
})
export const ItemLocationParams = Type.Object({ id: Id, location_id: Id })

// --- Reservations ------------------------------------------------------------------------------

export const Reservation = Type.Object({
  ...SoftDeletableFields,
  line_item_id: Nullable(Type.String()),
  inventory_item_id: Type.String(),
  location_id: Type.String(),
  quantity: Type.Integer(),
  external_id: Nullable(Type.String()),
  description: Nullable(Type.String()),
  created_by: Nullable(Type.String()),
  metadata: Metadata,
})
export type Reservation = Static<typeof Reservation>

export const AdminPostReservationsReq = Type.Object(
  {
    location_id: Id,
    inventory_item_id: Id,
    quantity: ReservedUnits,
    line_item_id: Type.Optional(Id),
    description: Type.Optional(Text),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostReservationsReq = Static<typeof AdminPostReservationsReq>

export const AdminPostReservationsReservationReq = Type.Object(
  {
    quantity: Type.Optional(ReservedUnits),
    location_id: Type.Optional(Id),
    description: Type.Optional(Text),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostReservationsReservationReq = Static<typeof AdminPostReservationsReservationReq>

export const AdminGetReservationsParams = Type.Object(
  {
    location_id: Type.Optional(StringOrArray),
    inventory_item_id: Type.Optional(StringOrArray),
    line_item_id: Type.Optional(StringOrArray),
    created_by: Type.Optional(StringOrArray),
    quantity: Type.Optional(NumericalComparison),
    description: Type.Optional(Type.String()),
    created_at: Type.Optional(DateComparison),
    updated_at: Type.Optional(DateComparison),
    ...Page,
    ...Expand,
  },
  { additionalProperties: false },
)
export type AdminGetReservationsParams = Static<typeof AdminGetReservationsParams>

export const AdminReservationsRes = Type.Object({ reservation: Reservation })
export const AdminReservationsListRes = listResponse('reservations', Reservation)

// --- Variant inventory -------------------------------------------------------------------------

export const AdminVariantInventoryRes = Type.Object({
  variant: Type.Object({
    id: Type.String(),
    inventory: Type.Array(InventoryItem),
    sales_channel_availability: Type.Array(
      Type.Object({ channel_name: Type.String(), channel_id: Type.String(), available_quantity: Type.Integer() }),
    ),
  }),
})
