import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { generateId } from '../../db/ids.js'
import { asAdmin } from '../../testing/factories/users.js'
import { useTestApp } from '../../testing/test-app.js'
import { salesChannel } from '../sales-channels/schema.js'
import { store } from './schema.js'
import { ensureStore, listProviders, syncProviders, updateStore } from './service.js'

const ctx = useTestApp()
let headers: Record<string, string>
let storeId: string

beforeAll(async () => {
  storeId = (await ensureStore(ctx.app.db)).id
  headers = (await asAdmin(ctx.app.db)).headers
})

// Tests share the one store row: each starts from USD only.
beforeEach(async () => {
  await updateStore(ctx.app.db, { default_currency_code: 'usd', currencies: ['usd'] })
})

const codesOf = (store: { currencies: { code: string }[] }) => store.currencies.map((c) => c.code)

describe('GET /admin/store', () => {
  it('answers the store with its currencies, providers, feature flags and modules', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/store', headers })

    expect(res.statusCode).toBe(200)
    const { store } = res.json()
    expect(store).toMatchObject({
      id: storeId,
      name: expect.any(String),
      default_currency_code: 'usd',
      default_currency: { code: 'usd', symbol: '$', symbol_native: '$', decimal_digits: 2, includes_tax: false },
      swap_link_template: null,
      modules: [],
    })
    expect(store.id).toMatch(/^store_/)
    expect(codesOf(store)).toEqual(['usd'])
    expect(store).toHaveProperty('default_sales_channel')
    expect(store.payment_providers).toContainEqual({ id: 'manual', is_installed: true })
    expect(store.fulfillment_providers).toContainEqual({ id: 'manual', is_installed: true })
    expect(store.feature_flags).toContainEqual({ key: 'tax_inclusive_pricing', value: false })
    expect(store.feature_flags).toContainEqual({ key: 'sales_channels', value: true })
  })

  it('embeds the default sales channel', async () => {
    const [channel] = await ctx.app.db
      .insert(salesChannel)
      .values({ id: generateId('sc'), name: 'Webshop' })
      .returning()
    await ctx.app.db.update(store).set({ default_sales_channel_id: channel.id }).where(eq(store.id, storeId))
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/admin/store', headers })

      expect(res.json().store).toMatchObject({
        default_sales_channel_id: channel.id,
        default_sales_channel: {
          id: channel.id,
          name: 'Webshop',
          description: null,
          is_disabled: false,
          created_at: channel.created_at.toISOString(),
          deleted_at: null,
        },
      })
    } finally {
      await ctx.app.db.update(store).set({ default_sales_channel_id: null }).where(eq(store.id, storeId))
    }
  })

  it('needs an admin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/store' })
    expect(res.statusCode).toBe(401)
    expect(res.body).toBe('Unauthorized')
  })

  it('ensureStore keeps the one store row', async () => {
    const again = await ensureStore(ctx.app.db)
    expect(again.id).toBe(storeId)
  })
})

describe('POST /admin/store', () => {
  it('updates the name, link templates and merges metadata', async () => {
    await updateStore(ctx.app.db, { metadata: { keep: 'yes', drop: 'x' } })

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/store',
      headers,
      payload: {
        name: 'Corner Shop',
        swap_link_template: 'https://shop.test/swaps/{cart_id}',
        payment_link_template: 'https://shop.test/pay/{cart_id}',
        invite_link_template: 'https://shop.test/invite?token={invite_token}',
        metadata: { drop: '', added: 1 },
      },
    })

    expect(res.statusCode).toBe(200)
    expect(res.json().store).toMatchObject({
      id: storeId,
      name: 'Corner Shop',
      swap_link_template: 'https://shop.test/swaps/{cart_id}',
      payment_link_template: 'https://shop.test/pay/{cart_id}',
      invite_link_template: 'https://shop.test/invite?token={invite_token}',
      metadata: { keep: 'yes', added: 1 },
    })
    expect(res.json().store.metadata).not.toHaveProperty('drop')
  })

  it('replaces the currency list and switches the default within it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/store',
      headers,
      payload: { currencies: ['EUR', 'gbp', 'usd'], default_currency_code: 'eur' },
    })

    expect(res.statusCode).toBe(200)
    expect(codesOf(res.json().store)).toEqual(['eur', 'gbp', 'usd'])
    expect(res.json().store.default_currency_code).toBe('eur')
    expect(res.json().store.default_currency.code).toBe('eur')

    const replaced = await ctx.app.inject({
      method: 'POST',
      url: '/admin/store',
      headers,
      payload: { currencies: ['eur'] },
    })
    expect(replaced.statusCode).toBe(200)
    expect(codesOf(replaced.json().store)).toEqual(['eur'])
  })

  it('refuses to drop the default currency without replacing it', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/store', headers, payload: { currencies: ['eur'] } })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      type: 'invalid_data',
      message: 'You are not allowed to remove default currency from store currencies without replacing it as well',
    })
  })

  it('refuses a default currency the store does not have', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/store',
      headers,
      payload: { default_currency_code: 'eur' },
    })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'invalid_data', message: 'Store does not have currency: eur' })
  })

  it('names an unknown currency code', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/store',
      headers,
      payload: { currencies: ['usd', 'zzz'] },
    })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'invalid_data', message: 'Currency with code zzz does not exist' })
    const after = await ctx.app.inject({ method: 'GET', url: '/admin/store', headers })
    expect(codesOf(after.json().store)).toEqual(['usd'])
  })

  it('rejects malformed bodies naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 5 }, /name must be a string/],
      [{ name: '' }, /name must NOT have fewer than 1 characters/],
      [{ currencies: 'usd' }, /currencies must be a array/],
      [{ currencies: [1] }, /currencies\.0 must be a string/],
      [{ metadata: 'x' }, /metadata must be a object/],
      [{ default_currency: 'usd' }, /property default_currency should not exist/],
    ]
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/store', headers, payload: payload as object })
      expect(res.statusCode).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('store currencies', () => {
  it('adds a currency, in any case', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/store/currencies/EUR', headers })

    expect(res.statusCode).toBe(200)
    expect(codesOf(res.json().store)).toEqual(['eur', 'usd'])
  })

  it('answers 422 for a currency already added', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/store/currencies/usd', headers })

    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      type: 'duplicate_error',
      message: 'Currency usd already added',
      code: 'invalid_request_error',
    })
  })

  it('answers 400 for an unknown currency', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/store/currencies/zzz', headers })

    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ type: 'invalid_data', message: 'Currency with code zzz does not exist' })
  })

  it('removes a currency; removing one the store lacks changes nothing', async () => {
    await updateStore(ctx.app.db, { currencies: ['usd', 'eur'] })

    const res = await ctx.app.inject({ method: 'DELETE', url: '/admin/store/currencies/eur', headers })
    expect(res.statusCode).toBe(200)
    expect(codesOf(res.json().store)).toEqual(['usd'])

    const again = await ctx.app.inject({ method: 'DELETE', url: '/admin/store/currencies/eur', headers })
    expect(again.statusCode).toBe(200)
    expect(codesOf(again.json().store)).toEqual(['usd'])
  })

  it('refuses to remove the default currency', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/admin/store/currencies/usd', headers })

    expect(res.statusCode).toBe(400)
    expect(res.json().type).toBe('invalid_data')
    expect(res.json().message).toMatch(/default currency/)
  })
})

describe('providers', () => {
  it('lists payment and tax providers without pagination', async () => {
    const payment = await ctx.app.inject({ method: 'GET', url: '/admin/store/payment-providers', headers })
    expect(payment.statusCode).toBe(200)
    expect(payment.json()).toEqual({ payment_providers: [{ id: 'manual', is_installed: true }] })

    const tax = await ctx.app.inject({ method: 'GET', url: '/admin/store/tax-providers', headers })
    expect(tax.statusCode).toBe(200)
    expect(tax.json()).toEqual({ tax_providers: [] })
  })

  it('syncProviders installs the configured providers and uninstalls the others', async () => {
    const configured = ctx.app.providers
    try {
      await syncProviders(ctx.app.db, { payment: ['manual', 'test-pay'], fulfillment: ['manual'], tax: ['test-tax'] })
      expect(await listProviders(ctx.app.db, 'payment')).toEqual([
        { id: 'manual', is_installed: true },
        { id: 'test-pay', is_installed: true },
      ])
      expect(await listProviders(ctx.app.db, 'tax')).toEqual([{ id: 'test-tax', is_installed: true }])

      await syncProviders(ctx.app.db, { payment: ['manual'], fulfillment: ['manual'], tax: [] })
      const res = await ctx.app.inject({ method: 'GET', url: '/admin/store/payment-providers', headers })
      expect(res.json().payment_providers).toEqual([
        { id: 'manual', is_installed: true },
        { id: 'test-pay', is_installed: false },
      ])
      expect(await listProviders(ctx.app.db, 'tax')).toEqual([{ id: 'test-tax', is_installed: false }])
    } finally {
      await syncProviders(ctx.app.db, configured)
    }
  })
})

describe('GET /admin/currencies', () => {
  it('pages every currency ordered by code', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/currencies', headers })

    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ count: 167, offset: 0, limit: 20 })
    expect(body.currencies).toHaveLength(20)
    expect(body.currencies[0]).toEqual({
      code: 'aed',
      symbol: 'AED',
      symbol_native: 'د.إ.',
      name: 'United Arab Emirates Dirham',
      decimal_digits: 2,
      includes_tax: false,
    })
    const codes = body.currencies.map((c: { code: string }) => c.code)
    expect(codes).toEqual([...codes].sort())

    const next = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?offset=160&limit=20', headers })
    expect(next.json()).toMatchObject({ count: 167, offset: 160, limit: 20 })
    expect(next.json().currencies).toHaveLength(7)
  })

  it('filters by code, q over code and name, and includes_tax', async () => {
    const byCode = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?code=EUR', headers })
    expect(byCode.json().currencies.map((c: { code: string }) => c.code)).toEqual(['eur'])

    const byName = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?q=swiss', headers })
    expect(byName.json().currencies.map((c: { code: string }) => c.code)).toEqual(['chf'])

    const byCodeQ = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?q=GB', headers })
    expect(byCodeQ.json().currencies.map((c: { code: string }) => c.code)).toContain('gbp')

    const taxed = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?includes_tax=true', headers })
    expect(taxed.json()).toMatchObject({ currencies: [], count: 0 })
  })

  it('orders by name when asked', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?order=-name&limit=3', headers })

    expect(res.statusCode).toBe(200)
    const names = res.json().currencies.map((c: { name: string }) => c.name)
    expect(names).toEqual([...names].sort().reverse())
  })

  it('rejects bad query parameters', async () => {
    const cases: [string, RegExp][] = [
      ['order=symbol', /Order field symbol is not valid/],
      ['limit=abc', /limit must be a integer/],
      ['offset=-1', /offset must be >= 0/],
      ['includes_tax=maybe', /includes_tax must be a boolean/],
      ['expand=anything', /property expand should not exist/],
    ]
    for (const [query, message] of cases) {
      const res = await ctx.app.inject({ method: 'GET', url: `/admin/currencies?${query}`, headers })
      expect(res.statusCode).toBe(400)
      expect(res.json().type).toBe('invalid_data')
      expect(res.json().message).toMatch(message)
    }
  })
})

describe('POST /admin/currencies/:code', () => {
  it('is a bare 404 while tax-inclusive pricing is off', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/currencies/eur',
      headers,
      payload: { includes_tax: true },
    })

    expect(res.statusCode).toBe(404)
    expect(res.body).toBe('Not Found')
  })

  it('sets includes_tax while the flag is on', async () => {
    const flags = ctx.app.config.featureFlags
    flags.tax_inclusive_pricing = true
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/admin/currencies/EUR',
        headers,
        payload: { includes_tax: true },
      })
      expect(res.statusCode).toBe(200)
      expect(res.json().currency).toMatchObject({ code: 'eur', includes_tax: true })

      const listed = await ctx.app.inject({ method: 'GET', url: '/admin/currencies?includes_tax=true', headers })
      expect(listed.json().currencies.map((c: { code: string }) => c.code)).toEqual(['eur'])

      const unknown = await ctx.app.inject({ method: 'POST', url: '/admin/currencies/zzz', headers, payload: {} })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ type: 'not_found', message: 'Currency with code zzz was not found' })

      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/admin/currencies/eur',
        headers,
        payload: { includes_tax: 'yes' },
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toMatch(/includes_tax must be a boolean/)

      await ctx.app.inject({ method: 'POST', url: '/admin/currencies/eur', headers, payload: { includes_tax: false } })
    } finally {
      flags.tax_inclusive_pricing = false
    }
  })
})
