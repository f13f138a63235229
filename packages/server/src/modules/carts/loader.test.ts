import { beforeAll, describe, expect, it } from 'vitest'
import { makeCart } from '../../testing/factories/carts.js'
import { makeRegion, type RegionFixture } from '../../testing/factories/regions.js'
import { useTestApp } from '../../testing/test-app.js'
import { ensureStore } from '../store/service.js'
import { loadCartDetails, retrieveCartRegion, type CartFlags } from './loader.js'

const ctx = useTestApp()
const db = () => ctx.app.db
const flags: CartFlags = { tax_inclusive_pricing: false, sales_channels: true }
let home: RegionFixture
let other: RegionFixture
let cartId: string

beforeAll(async () => {
  await ensureStore(db())
  home = await makeRegion(db(), { countries: ['dk', 'se'], currency_code: 'eur', tax_rate: 25 })
  other = await makeRegion(db(), { countries: ['no'] })
  cartId = (await makeCart(db(), { region_id: home.id })).id
})

describe('loadCartDetails and the region', () => {
  it('reads the region with the cart: its row, countries, providers and currency tax setting', async () => {
    const { region } = await loadCartDetails(db(), cartId, flags)
    expect(region).toMatchObject({ id: home.id, currency_code: 'eur', tax_rate: 25, currency_includes_tax: false })
    expect(region.countries.map((country) => country.iso_2)).toEqual(['dk', 'se'])
    expect(region.payment_providers.map((provider) => provider.id)).toEqual(['manual'])
  })

  it('keeps a region the caller knows instead of reading it again', async () => {
    const known = { ...(await retrieveCartRegion(db(), home.id)), name: 'as the caller read it' }
    const details = await loadCartDetails(db(), cartId, flags, { region: known })
    expect(details.region).toBe(known)
  })

  it("reads the cart's own region when the one the caller knows is another", async () => {
    const stale = await retrieveCartRegion(db(), other.id)
    const details = await loadCartDetails(db(), cartId, flags, { region: stale })
    expect(details.region).toEqual(await retrieveCartRegion(db(), home.id))
    expect(details.region.countries.map((country) => country.iso_2)).toEqual(['dk', 'se'])
  })
})
