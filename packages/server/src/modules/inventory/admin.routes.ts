import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { actorOf } from '../../core/request-identity.js'
import { requireFlag } from '../../core/feature-flags.js'
import { DeleteResponse, IdParams, toList } from '../../core/schemas.js'
import { AdminSalesChannelsRes } from '../sales-channels/contract.js'
import { variantChannelAvailability } from './availability.js'
import {
  AdminGetInventoryItemsParams,
  AdminGetLocationLevelsParams,
  AdminGetReservationsParams,
  AdminGetStockLocationsParams,
  AdminInventoryItemsListRes,
  AdminInventoryItemsRes,
  AdminLocationLevelsRes,
  AdminPostInventoryItemsItemReq,
  AdminPostInventoryItemsReq,
  AdminPostLocationLevelsLevelReq,
  AdminPostLocationLevelsReq,
  AdminPostReservationsReq,
  AdminPostReservationsReservationReq,
  AdminPostStockLocationsLocationReq,
  AdminPostStockLocationsReq,
  AdminReservationsListRes,
  AdminReservationsRes,
  AdminSalesChannelStockLocationReq,
  AdminStockLocationsListRes,
  AdminStockLocationsRes,
  AdminVariantInventoryRes,
  ExpandParams,
  ItemLocationParams,
} from './contract.js'
import {
  createInventoryItem,
  createLocationLevel,
  deleteInventoryItem,
  deleteLocationLevel,
  inventoryOfVariant,
  listInventoryItems,
  listLocationLevels,
  requireLiveVariant,
  retrieveInventoryItem,
  updateInventoryItem,
  updateLocationLevel,
} from './items.js'
import {
  createStockLocation,
  deleteStockLocation,
  linkLocationToChannel,
  listStockLocations,
  retrieveStockLocation,
  unlinkLocationFromChannel,
  updateStockLocation,
} from './locations.js'
import {
  createReservation,
  deleteReservation,
  listReservations,
  retrieveReservation,
  updateReservation,
} from './reservations.js'

/**
 * Admin routes of the inventory and stock-location modules. The modules are installed when the
 * `inventoryService` flag is on; while it is off, every route answers a bare 404.
 */
export const adminInventoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const flagged = { preValidation: requireFlag(app, 'inventoryService') }
  const deleted = { 200: DeleteResponse }

  // Stock locations
  {
    const tags = ['Stock Locations']
    const response = { 200: AdminStockLocationsRes }
    app.get(
      '/admin/stock-locations',
      {
        ...flagged,
        schema: { tags, querystring: AdminGetStockLocationsParams, response: { 200: AdminStockLocationsListRes } },
      },
      (request) => listStockLocations(app.db, request.query),
    )
    app.get(
      '/admin/stock-locations/:id',
      { ...flagged, schema: { tags, params: IdParams, querystring: ExpandParams, response } },
      async (request) => ({
        stock_location: await retrieveStockLocation(app.db, request.params.id, request.query.expand),
      }),
    )
    app.post(
      '/admin/stock-locations',
      { ...flagged, schema: { tags, querystring: ExpandParams, body: AdminPostStockLocationsReq, response } },
      async (request) => ({
        stock_location: await createStockLocation(app.db, request.body, request.query.expand),
      }),
    )
    app.post(
      '/admin/stock-locations/:id',
      {
        ...flagged,
        schema: {
          tags,
          params: IdParams,
          querystring: ExpandParams,
          body: AdminPostStockLocationsLocationReq,
          response,
        },
      },
      async (request) => ({
        stock_location: await updateStockLocation(app.db, request.params.id, request.body, request.query.expand),
      }),
    )
    app.delete(
      '/admin/stock-locations/:id',
      { ...flagged, schema: { tags, params: IdParams, response: deleted } },
      async (request) => {
        await deleteStockLocation(app.db, request.params.id)
        return { id: request.params.id, object: 'stock_location', deleted: true }
      },
    )
  }

  // Sales channel ↔ stock location links
  {
    const tags = ['Sales Channels']
    const schema = { tags, params: IdParams, body: AdminSalesChannelStockLocationReq }
    app.post(
      '/admin/sales-channels/:id/stock-locations',
      { ...flagged, schema: { ...schema, response: { 200: AdminSalesChannelsRes } } },
      async (request) => ({
        sales_channel: await linkLocationToChannel(app.db, request.params.id, request.body.location_id),
      }),
    )
    app.delete(
      '/admin/sales-channels/:id/stock-locations',
      { ...flagged, schema: { ...schema, response: deleted } },
      async (request) => {
        await unlinkLocationFromChannel(app.db, request.params.id, request.body.location_id)
        return { id: request.params.id, object: 'stock-location', deleted: true }
      },
    )
  }

  // Inventory items and their location levels
  {
    const tags = ['Inventory Items']
    const response = { 200: AdminInventoryItemsRes }
    app.get(
      '/admin/inventory-items',
      {
        ...flagged,
        schema: { tags, querystring: AdminGetInventoryItemsParams, response: { 200: AdminInventoryItemsListRes } },
      },
      (request) => listInventoryItems(app.db, request.query),
    )
    app.get(
      '/admin/inventory-items/:id',
      { ...flagged, schema: { tags, params: IdParams, querystring: ExpandParams, response } },
      async (request) => ({
        inventory_item: await retrieveInventoryItem(app.db, request.params.id, request.query.expand),
      }),
    )
    app.post(
      '/admin/inventory-items',
      { ...flagged, schema: { tags, querystring: ExpandParams, body: AdminPostInventoryItemsReq, response } },
      async (request) => ({ inventory_item: await createInventoryItem(app.db, request.body, request.query.expand) }),
    )
    app.post(
      '/admin/inventory-items/:id',
      {
        ...flagged,
        schema: { tags, params: IdParams, querystring: ExpandParams, body: AdminPostInventoryItemsItemReq, response },
      },
      async (request) => ({
        inventory_item: await updateInventoryItem(app.db, request.params.id, request.body, request.query.expand),
      }),
    )
    app.delete(
      '/admin/inventory-items/:id',
      { ...flagged, schema: { tags, params: IdParams, response: deleted } },
      async (request) => {
        await deleteInventoryItem(app.db, request.params.id)
        return { id: request.params.id, object: 'inventory_item', deleted: true }
      },
    )
    app.get(
      '/admin/inventory-items/:id/location-levels',
      {
        ...flagged,
        schema: {
          tags,
          params: IdParams,
          querystring: AdminGetLocationLevelsParams,
          response: { 200: AdminLocationLevelsRes },
        },
      },
      async (request) => ({
        inventory_item: await listLocationLevels(
          app.db,
          request.params.id,
          toList(request.query.location_id),
          request.query.expand,
        ),
      }),
    )
    app.post(
      '/admin/inventory-items/:id/location-levels',
      {
        ...flagged,
        schema: { tags, params: IdParams, querystring: ExpandParams, body: AdminPostLocationLevelsReq, response },
      },
      async (request) => ({
        inventory_item: await createLocationLevel(app.db, request.params.id, request.body, request.query.expand),
      }),
    )
    app.post(
      '/admin/inventory-items/:id/location-levels/:location_id',
      {
        ...flagged,
        schema: {
          tags,
          params: ItemLocationParams,
          querystring: ExpandParams,
          body: AdminPostLocationLevelsLevelReq,
          response,
        },
      },
      async (request) => ({
        inventory_item: await updateLocationLevel(
          app.db,
          request.params.id,
          request.params.location_id,
          request.body,
          request.query.expand,
        ),
      }),
    )
    app.delete(
      '/admin/inventory-items/:id/location-levels/:location_id',
      { ...flagged, schema: { tags, params: ItemLocationParams, response } },
      async (request) => ({
        inventory_item: await deleteLocationLevel(app.db, request.params.id, request.params.location_id),
      }),
    )
  }

  // Reservations
  {
    const tags = ['Reservations']
    const response = { 200: AdminReservationsRes }
    app.get(
      '/admin/reservations',
      {
        ...flagged,
        schema: { tags, querystring: AdminGetReservationsParams, response: { 200: AdminReservationsListRes } },
      },
      (request) => listReservations(app.db, request.query),
    )
    app.get(
      '/admin/reservations/:id',
      { ...flagged, schema: { tags, params: IdParams, response } },
      async (request) => ({ reservation: await retrieveReservation(app.db, request.params.id) }),
    )
    app.post(
      '/admin/reservations',
      { ...flagged, schema: { tags, body: AdminPostReservationsReq, response } },
      async (request) => ({ reservation: await createReservation(app.db, request.body, actorOf(request)) }),
    )
    app.post(
      '/admin/reservations/:id',
      { ...flagged, schema: { tags, params: IdParams, body: AdminPostReservationsReservationReq, response } },
      async (request) => ({ reservation: await updateReservation(app.db, request.params.id, request.body) }),
    )
    app.delete(
      '/admin/reservations/:id',
      { ...flagged, schema: { tags, params: IdParams, response: deleted } },
      async (request) => {
        await deleteReservation(app.db, request.params.id)
        return { id: request.params.id, object: 'reservation', deleted: true }
      },
    )
  }

  app.get(
    '/admin/variants/:id/inventory',
    {
      ...flagged,
      schema: { tags: ['Product Variants'], params: IdParams, response: { 200: AdminVariantInventoryRes } },
    },
    async (request) => {
      const variant = await requireLiveVariant(app.db, request.params.id)
      const [inventory, availability] = await Promise.all([
        inventoryOfVariant(app.db, variant.id),
        variantChannelAvailability(app.db, variant.id),
      ])
      return { variant: { id: variant.id, inventory, sales_channel_availability: availability } }
    },
  )
}
