import type { RequestHeaders, ResponsePromise } from '../../http/client.js'
import type * as T from '../../types/admin.js'
import { CrudResource } from '../crud.js'
import { seg } from '../resource.js'

export class AdminInventoryItems extends CrudResource<{
  create: T.AdminPostInventoryItemsReq
  update: T.AdminPostInventoryItemsItemReq
  listQuery: T.AdminGetInventoryItemsParams
  retrieveQuery: T.AdminExpandParams
  one: T.AdminInventoryItemsRes
  list: T.AdminInventoryItemsListRes
}> {
  protected readonly path = '/admin/inventory-items'

  private levelsPath(id: string, locationId?: string): string {
    return `${this.itemPath(id)}/location-levels${locationId ? `/${seg(locationId)}` : ''}`
  }

  listLocationLevels(
    id: string,
    query?: T.AdminGetLocationLevelsParams,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminLocationLevelsRes> {
    return this.getRequest(this.levelsPath(id), query, headers)
  }

  createLocationLevel(
    id: string,
    payload: T.AdminPostLocationLevelsReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminInventoryItemsRes> {
    return this.postRequest(this.levelsPath(id), payload, undefined, headers)
  }

  updateLocationLevel(
    id: string,
    locationId: string,
    payload: T.AdminPostLocationLevelsLevelReq,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminInventoryItemsRes> {
    return this.postRequest(this.levelsPath(id, locationId), payload, undefined, headers)
  }

  /** Answers with the item, without that location's level. */
  deleteLocationLevel(
    id: string,
    locationId: string,
    headers?: RequestHeaders,
  ): ResponsePromise<T.AdminInventoryItemsRes> {
    return this.deleteRequest(this.levelsPath(id, locationId), undefined, undefined, headers)
  }
}

export class AdminReservations extends CrudResource<{
  create: T.AdminPostReservationsReq
  update: T.AdminPostReservationsReservationReq
  listQuery: T.AdminGetReservationsParams
  retrieveQuery: Record<string, never>
  one: T.AdminReservationsRes
  list: T.AdminReservationsListRes
}> {
  protected readonly path = '/admin/reservations'
}

export class AdminStockLocations extends CrudResource<{
  create: T.AdminPostStockLocationsReq
  update: T.AdminPostStockLocationsLocationReq
  listQuery: T.AdminGetStockLocationsParams
  retrieveQuery: T.AdminExpandParams
  one: T.AdminStockLocationsRes
  list: T.AdminStockLocationsListRes
}> {
  protected readonly path = '/admin/stock-locations'
}
