import { describe, expect, it } from 'vitest'
import { InvalidData, NotFound, PaymentAuthorizationError } from '../core/errors.js'
import {
  defaultPaymentProviders,
  getPaymentProvider,
  ManualPaymentProvider,
  SystemPaymentProvider,
  type PaymentContext,
} from './payment.js'
import { TestPaymentProvider, testPaymentProvider } from './payment-test.js'

const context = (overrides: Partial<PaymentContext> = {}): PaymentContext => ({
  amount: 1999,
  currency_code: 'usd',
  resource_id: 'cart_1',
  email: 'shopper@example.com',
  customer_id: null,
  context: {},
  ...overrides,
})

describe('manual payment provider', () => {
  const manual = new ManualPaymentProvider()

  it('starts a pending session and authorizes it at once', async () => {
    const session = await manual.initiatePayment()
    expect(session).toEqual({ data: { status: 'pending' }, status: 'pending' })
    expect(await manual.getPaymentStatus(session.data)).toBe('pending')

    const authorized = await manual.authorizePayment()
    expect(authorized).toEqual({ status: 'authorized', data: { status: 'authorized' } })
    expect(await manual.getPaymentStatus(authorized.data)).toBe('authorized')
  })

  it('captures, refunds, cancels and keeps data on update', async () => {
    expect(await manual.updatePayment({ status: 'pending' })).toEqual({ data: { status: 'pending' } })
    expect(await manual.capturePayment()).toEqual({ status: 'captured' })
    expect(await manual.getPaymentStatus({ status: 'captured' })).toBe('authorized')
    expect(await manual.refundPayment({ status: 'captured' })).toEqual({ status: 'captured' })
    const canceled = await manual.cancelPayment()
    expect(await manual.getPaymentStatus(canceled)).toBe('canceled')
    await expect(manual.deletePayment()).resolves.toBeUndefined()
    expect(await manual.listSavedMethods()).toEqual([])
  })
})

describe('system payment provider', () => {
  it('is authorized from the start', async () => {
    const system = new SystemPaymentProvider()
    expect(system.id).toBe('system')
    expect(await system.initiatePayment()).toEqual({ data: {}, status: 'authorized' })
    expect(await system.authorizePayment()).toEqual({ status: 'authorized', data: {} })
    expect(await system.getPaymentStatus()).toBe('authorized')
  })
})

describe('registry', () => {
  it('installs the test provider outside production only', () => {
    expect([...defaultPaymentProviders({ production: false }).keys()]).toEqual(['manual', 'system', 'test'])
    expect([...defaultPaymentProviders({ production: true }).keys()]).toEqual(['manual', 'system'])
    expect(testPaymentProvider(defaultPaymentProviders({ production: false }))).toBeInstanceOf(TestPaymentProvider)
    expect(() => testPaymentProvider(defaultPaymentProviders({ production: true }))).toThrow('not installed')
  })

  it('answers 404 for a provider the server does not have', () => {
    const registry = defaultPaymentProviders({ production: true })
    expect(getPaymentProvider(registry, 'manual')).toBeInstanceOf(ManualPaymentProvider)
    expect(() => getPaymentProvider(registry, 'test')).toThrow(NotFound)
    expect(() => getPaymentProvider(registry, 'test')).toThrow('Could not find a payment provider with id: test')
  })
})

describe('test payment provider', () => {
  it('authorizes by default and records every call with its arguments', async () => {
    const provider = new TestPaymentProvider()
    const session = await provider.initiatePayment(context())
    expect(session).toEqual({
      status: 'pending',
      data: { status: 'pending', amount: 1999, currency_code: 'usd', resource_id: 'cart_1' },
    })

    const updated = await provider.updatePayment(session.data, context({ amount: 2500 }))
    expect(updated.data).toMatchObject({ amount: 2500 })

    const result = await provider.authorizePayment(updated.data, { ip: '127.0.0.1' })
    expect(result).toEqual({ status: 'authorized', data: { ...updated.data, status: 'authorized' } })
    expect(await provider.getPaymentStatus(result.data)).toBe('authorized')

    const captured = await provider.capturePayment(result.data)
    const refunded = await provider.refundPayment(captured, 500)
    expect(await provider.refundPayment(refunded, 250)).toMatchObject({ status: 'captured', refunded_amount: 750 })

    expect(provider.calls.map((call) => call.method)).toEqual([
      'initiatePayment',
      'updatePayment',
      'authorizePayment',
      'getPaymentStatus',
      'capturePayment',
      'refundPayment',
      'refundPayment',
    ])
    expect(provider.callsTo('authorizePayment')[0].context).toEqual({ ip: '127.0.0.1' })
    expect(provider.callsTo('refundPayment').map((call) => call.amount)).toEqual([500, 250])

    provider.reset()
    expect(provider.calls).toEqual([])
  })

  it('keeps only the newest 10,000 calls, so a long-running server does not grow', async () => {
    const provider = new TestPaymentProvider()
    for (let n = 0; n < 10_005; n++) await provider.capturePayment({ n })

    expect(provider.calls).toHaveLength(10_000)
    expect(provider.calls[0].data).toEqual({ n: 5 })
    expect(provider.calls.at(-1)!.data).toEqual({ n: 10_004 })
  })

  it('takes the outcome chosen in the cart context when the session starts', async () => {
    const provider = new TestPaymentProvider()
    const session = await provider.initiatePayment(context({ context: { test_outcome: 'requires_more' } }))
    expect(session.data.outcome).toBe('requires_more')

    const result = await provider.authorizePayment(session.data, {})
    expect(result.status).toBe('requires_more')
    expect(await provider.getPaymentStatus(result.data)).toBe('requires_more')
  })

  it.each([
    ['authorize', 'authorized'],
    ['requires_more', 'requires_more'],
    ['pending', 'pending'],
    ['fail', 'error'],
  ] as const)('answers %s with status %s', async (outcome, status) => {
    const provider = new TestPaymentProvider()
    const result = await provider.authorizePayment({ status: 'pending', outcome }, {})
    expect(result).toEqual({ status, data: { status, outcome } })
  })

  it('lets the context at authorization override the session data', async () => {
    const provider = new TestPaymentProvider()
    const result = await provider.authorizePayment({ outcome: 'requires_more' }, { test_outcome: 'fail' })
    expect(result.status).toBe('error')
  })

  it('throws a payment authorization error for outcome "throw"', async () => {
    const provider = new TestPaymentProvider()
    const attempt = provider.authorizePayment({ outcome: 'throw' }, {})
    await expect(attempt).rejects.toBeInstanceOf(PaymentAuthorizationError)
    expect(provider.callsTo('authorizePayment')).toHaveLength(1)
  })

  it('refuses an unknown outcome instead of authorizing', async () => {
    const provider = new TestPaymentProvider()
    await expect(provider.authorizePayment({}, { test_outcome: 'maybe' })).rejects.toBeInstanceOf(InvalidData)
  })

  it('waits slow_ms on a "slow" outcome, then authorizes', async () => {
    const provider = new TestPaymentProvider()
    const started = Date.now()
    const result = await provider.authorizePayment({ outcome: 'slow', slow_ms: 120 }, {})
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    expect(result.status).toBe('authorized')
  })

  it('fails the next call to a chosen method once', async () => {
    const provider = new TestPaymentProvider()
    provider.failNext('capturePayment', new Error('gateway down'))
    await expect(provider.capturePayment({})).rejects.toThrow('gateway down')
    await expect(provider.capturePayment({})).resolves.toEqual({ status: 'captured' })
  })

  it('holds calls until the test releases them', async () => {
    const provider = new TestPaymentProvider()
    const hold = provider.hold()
    let settled = false
    const call = provider.authorizePayment({}, {}).then((result) => {
      settled = true
      return result
    })
    await hold.reached
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)

    hold.release()
    expect((await call).status).toBe('authorized')
    await expect(provider.cancelPayment({})).resolves.toEqual({ status: 'canceled' })
  })
})
