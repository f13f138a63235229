import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/types.js'
import { emit } from '../../events/outbox.js'
import type { FulfillmentProviderMap } from '../../providers/fulfillment.js'
import type { FulfillmentOption } from './contract.js'
import { country, regionFulfillmentProvider, regionPaymentProvider } from './schema.js'
import {
  assignCountries,
  linkProviders,
  lockRegion,
  resolveProviders,
  retrieveRegion,
  type RegionProviderKind,
  type RegionView,
} from './service.js'

/**
 * Adding and removing one country or provider of a region. As in v1, adding what is already
 * there and removing what is not are no-ops that answer the region.
 */

export async function addRegionCountry(db: Db, regionId: string, countryCode: string): Promise<RegionView> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, regionId)
    await assignCountries(tx, regionId, [countryCode], false)
    await emit(tx, 'region.updated', { id: regionId, fields: ['countries'] })
    return retrieveRegion(tx, regionId)
  })
}

export async function removeRegionCountry(db: Db, regionId: string, countryCode: string): Promise<RegionView> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, regionId)
    await tx
      .update(country)
      .set({ region_id: null })
      .where(and(eq(country.iso_2, countryCode.toLowerCase()), eq(country.region_id, regionId)))
    await emit(tx, 'region.updated', { id: regionId, fields: ['countries'] })
    return retrieveRegion(tx, regionId)
  })
}

export async function addRegionProvider(
  db: Db,
  regionId: string,
  kind: RegionProviderKind,
  providerId: string,
): Promise<RegionView> {
  return db.transaction(async (tx) => {
    await lockRegion(tx, regionId)
    await linkProviders(tx, regionId, kind, await resolveProviders(tx, kind, [providerId]), false)
    await emit(tx, 'region.updated', { id: regionId, fields: [`${kind}_providers`] })
    return retrieveRegion(tx, regionId)
  })
}

export async function removeRegionProvider(
  db: Db,
  regionId: string,
  kind: RegionProviderKind,
  providerId: string,
): Promise<RegionView> {
  const link = kind === 'payment' ? regionPaymentProvider : regionFulfillmentProvider
  return db.transaction(async (tx) => {
    await lockRegion(tx, regionId)
    await tx
      .delete(link as typeof regionPaymentProvider)
      .where(and(eq(link.region_id, regionId), eq(link.provider_id, providerId)))
    await emit(tx, 'region.updated', { id: regionId, fields: [`${kind}_providers`] })
    return retrieveRegion(tx, regionId)
  })
}

/** What each of the region's fulfillment providers offers; one this server does not run offers nothing. */
export async function listRegionFulfillmentOptions(
  db: Db,
  regionId: string,
  providers: FulfillmentProviderMap,
): Promise<{ provider_id: string; options: FulfillmentOption[] }[]> {
  const current = await retrieveRegion(db, regionId, { expand: 'fulfillment_providers', fields: 'id' })
  return Promise.all(
    (current.fulfillment_providers ?? []).map(async (provider) => ({
      provider_id: provider.id,
      options: (await providers.get(provider.id)?.getFulfillmentOptions()) ?? [],
    })),
  )
}
