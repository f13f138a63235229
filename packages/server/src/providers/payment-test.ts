import { InvalidData, PaymentAuthorizationError, UnexpectedState } from '../core/errors.js'
import type { PaymentContext, PaymentData, PaymentProvider, PaymentSessionStatus } from './payment.js'

export const TEST_PAYMENT_PROVIDER_ID = 'test'

/**
 * What the `test` provider does, chosen per session: `data.outcome` (copied from the cart context's
 * `test_outcome` when the session starts), overridden by `test_outcome` in the context given to a
 * later call.
 * - `authorize`: authorized (the default)
 * - `requires_more` / `pending`: that status (e.g. a 3-D Secure step)
 * - `fail`: the gateway declines: status `error`
 * - `throw`: the call fails with a PaymentAuthorizationError (422)
 * - `slow`: waits `slow_ms` (default 250 ms) on every call, then authorizes
 */
export const TEST_PAYMENT_OUTCOMES = ['authorize', 'requires_more', 'pending', 'fail', 'throw', 'slow'] as const
export type TestPaymentOutcome = (typeof TEST_PAYMENT_OUTCOMES)[number]

export type TestPaymentMethod = Exclude<keyof PaymentProvider, 'id'>

export interface TestPaymentCall {
  method: TestPaymentMethod
  data?: PaymentData
  context?: PaymentContext | Record<string, unknown>
  amount?: number
}

export interface TestPaymentHold {
  /** Resolves when a call has been made and is waiting. */
  reached: Promise<void>
  /** Lets the waiting calls (and later ones) go on. */
  release(): void
}

const MAX_SLOW_MS = 10_000
/**
 * Calls kept in `calls`, the newest: a development server (the provider is installed outside
 * production) would otherwise keep every call of every test checkout for as long as it runs.
 */
const MAX_RECORDED_CALLS = 10_000
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function outcomeOf(value: unknown): TestPaymentOutcome | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && (TEST_PAYMENT_OUTCOMES as readonly string[]).includes(value)) {
    return value as TestPaymentOutcome
  }
  throw new InvalidData(`test_outcome must be one of: ${TEST_PAYMENT_OUTCOMES.join(', ')}`)
}

/**
 * A payment gateway stand-in whose outcome a test chooses (see TEST_PAYMENT_OUTCOMES). It records
 * every call in `calls`, can fail the next call to a method (`failNext`), and can hold calls until
 * the test releases them (`hold`), which is how tests prove no transaction stays open meanwhile.
 * Installed outside production only.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly id = TEST_PAYMENT_PROVIDER_ID
  readonly calls: TestPaymentCall[] = []
  private readonly failures = new Map<TestPaymentMethod, Error>()
  private gate: { reach(): void; released: Promise<void> } | undefined

  constructor(private readonly options: { slowMs?: number } = {}) {}

  callsTo(method: TestPaymentMethod): TestPaymentCall[] {
    return this.calls.filter((call) => call.method === method)
  }

  /** Forgets recorded calls, pending failures and holds. */
  reset(): void {
    this.calls.length = 0
    this.failures.clear()
    this.gate = undefined
  }

  /** The next call to `method` throws `error` (default: a PaymentAuthorizationError). */
  failNext(method: TestPaymentMethod, error: Error = new PaymentAuthorizationError('Test payment provider failure')) {
    this.failures.set(method, error)
  }

  /** Calls made from now on wait until `release()`. */
  hold(): TestPaymentHold {
    let reach!: () => void
    let release!: () => void
    const reached = new Promise<void>((resolve) => (reach = resolve))
    const released = new Promise<void>((resolve) => (release = resolve))
    this.gate = { reach, released }
    return {
      reached,
      release: () => {
        this.gate = undefined
        release()
      },
    }
  }

  /** Records the call, then applies a hold, a `slow` outcome and a planned failure, in that order. */
  private async enter(call: TestPaymentCall, context?: Record<string, unknown>): Promise<TestPaymentOutcome> {
    this.calls.push(call)
    if (this.calls.length > MAX_RECORDED_CALLS) this.calls.splice(0, this.calls.length - MAX_RECORDED_CALLS)
    const outcome = outcomeOf(context?.test_outcome) ?? outcomeOf(call.data?.outcome) ?? 'authorize'
    const gate = this.gate
    if (gate) {
      gate.reach()
      await gate.released
    }
    if (outcome === 'slow') {
      const ms = Number(context?.test_slow_ms ?? call.data?.slow_ms ?? this.options.slowMs ?? 250)
      await delay(Math.min(Math.max(0, Number.isFinite(ms) ? ms : 0), MAX_SLOW_MS))
    }
    const failure = this.failures.get(call.method)
    if (failure) {
      this.failures.delete(call.method)
      throw failure
    }
    return outcome
  }

  async initiatePayment(context: PaymentContext): Promise<{ data: PaymentData; status: PaymentSessionStatus }> {
    await this.enter({ method: 'initiatePayment', context }, context.context)
    const outcome = outcomeOf(context.context.test_outcome)
    const data: PaymentData = {
      status: 'pending',
      amount: context.amount,
      currency_code: context.currency_code,
      resource_id: context.resource_id,
      ...(outcome ? { outcome } : {}),
      ...(context.context.test_slow_ms !== undefined ? { slow_ms: context.context.test_slow_ms } : {}),
    }
    return { data, status: 'pending' }
  }

  async updatePayment(data: PaymentData, context: PaymentContext): Promise<{ data: PaymentData }> {
    await this.enter({ method: 'updatePayment', data, context }, context.context)
    return { data: { ...data, amount: context.amount, currency_code: context.currency_code } }
  }

  async authorizePayment(
    data: PaymentData,
    context: Record<string, unknown>,
  ): Promise<{ status: PaymentSessionStatus; data: PaymentData }> {
    const outcome = await this.enter({ method: 'authorizePayment', data, context }, context)
    switch (outcome) {
      case 'throw':
        throw new PaymentAuthorizationError('The test payment provider refused the payment')
      case 'fail':
        return { status: 'error', data: { ...data, status: 'error' } }
      case 'requires_more':
      case 'pending':
        return { status: outcome, data: { ...data, status: outcome } }
      default:
        return { status: 'authorized', data: { ...data, status: 'authorized' } }
    }
  }

  async capturePayment(data: PaymentData): Promise<PaymentData> {
    await this.enter({ method: 'capturePayment', data })
    return { ...data, status: 'captured' }
  }

  async refundPayment(data: PaymentData, amount: number): Promise<PaymentData> {
    await this.enter({ method: 'refundPayment', data, amount })
    return { ...data, refunded_amount: Number(data.refunded_amount ?? 0) + amount }
  }

  async cancelPayment(data: PaymentData): Promise<PaymentData> {
    await this.enter({ method: 'cancelPayment', data })
    return { ...data, status: 'canceled' }
  }

  async deletePayment(data: PaymentData): Promise<void> {
    await this.enter({ method: 'deletePayment', data })
  }

  async getPaymentStatus(data: PaymentData): Promise<PaymentSessionStatus> {
    await this.enter({ method: 'getPaymentStatus', data })
    const status = data.status
    if (status === 'captured') return 'authorized'
    return status === 'authorized' || status === 'requires_more' || status === 'error' || status === 'canceled'
      ? status
      : 'pending'
  }

  async listSavedMethods(): Promise<PaymentData[]> {
    await this.enter({ method: 'listSavedMethods' })
    return []
  }
}

/** The app's `test` provider, for tests that choose outcomes or assert calls. */
export function testPaymentProvider(registry: ReadonlyMap<string, PaymentProvider>): TestPaymentProvider {
  const provider = registry.get(TEST_PAYMENT_PROVIDER_ID)
  if (!(provider instanceof TestPaymentProvider)) {
    throw new UnexpectedState('The test payment provider is not installed (it is left out in production)')
  }
  return provider
}
