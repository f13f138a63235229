import { NotFound } from '../core/errors.js'
import { TestPaymentProvider } from './payment-test.js'

/** v1's PaymentSessionStatus. */
export type PaymentSessionStatus = 'authorized' | 'pending' | 'requires_more' | 'error' | 'canceled'

/** What a provider keeps about a session or payment; stored as `data` on the row and sent back on every call. */
export type PaymentData = Record<string, unknown>

export interface PaymentContext {
  /** Minor units of `currency_code`. */
  amount: number
  currency_code: string
  /** The cart or payment collection the session pays for. */
  resource_id: string
  email: string | null
  customer_id?: string | null
  /** The cart's `context` (ip, user agent, whatever the storefront sent). */
  context: Record<string, unknown>
}

export interface SavedPaymentMethodsCustomer {
  id: string
  email: string
  metadata: Record<string, unknown> | null
}

/**
 * A payment gateway as the carts, orders and payment collections call it. Calls may be slow (they
 * reach outside services), so callers make them outside database transactions (unless the
 * provider is `local`) and store the returned `data` afterwards. Failures are thrown as typed
 * errors (`PaymentAuthorizationError` for a refused authorization); an authorization the gateway
 * declines without failing answers `status: 'error'`.
 */
export interface PaymentProvider {
  readonly id: string
  /**
   * True when every call answers from this process, reaching no outside service (the manual
   * provider): a cart's payment sessions and its completion then call it in the transaction that
   * checks the cart, under the cart's lock.
   */
  readonly local?: boolean
  /** Starts a session for a cart or payment collection. */
  initiatePayment(context: PaymentContext): Promise<{ data: PaymentData; status?: PaymentSessionStatus }>
  /** The amount, currency or customer changed. */
  updatePayment(data: PaymentData, context: PaymentContext): Promise<{ data: PaymentData }>
  authorizePayment(
    data: PaymentData,
    context: Record<string, unknown>,
  ): Promise<{ status: PaymentSessionStatus; data: PaymentData }>
  capturePayment(data: PaymentData): Promise<PaymentData>
  /** `amount` in minor units; may be less than what was captured. */
  refundPayment(data: PaymentData, amount: number): Promise<PaymentData>
  cancelPayment(data: PaymentData): Promise<PaymentData>
  /** The session is dropped (cart changed provider, session replaced). */
  deletePayment(data: PaymentData): Promise<void>
  getPaymentStatus(data: PaymentData): Promise<PaymentSessionStatus>
  /** Cards and the like saved at the gateway, for `GET /store/customers/me/payment-methods`. */
  listSavedMethods?(customer: SavedPaymentMethodsCustomer): Promise<PaymentData[]>
}

/**
 * v1's `manual` provider (medusa-payment-manual): no gateway, the payment is authorized at once and
 * settled outside the store. Its `data` is `{ status }`, which storefronts read as v1 sends it.
 */
export class ManualPaymentProvider implements PaymentProvider {
  readonly id: string = 'manual'
  readonly local = true

  async initiatePayment(): Promise<{ data: PaymentData; status: PaymentSessionStatus }> {
    return { data: { status: 'pending' }, status: 'pending' }
  }

  async updatePayment(data: PaymentData): Promise<{ data: PaymentData }> {
    return { data }
  }

  async authorizePayment(): Promise<{ status: PaymentSessionStatus; data: PaymentData }> {
    return { status: 'authorized', data: { status: 'authorized' } }
  }

  async capturePayment(): Promise<PaymentData> {
    return { status: 'captured' }
  }

  async refundPayment(data: PaymentData): Promise<PaymentData> {
    return data
  }

  async cancelPayment(): Promise<PaymentData> {
    return { status: 'canceled' }
  }

  async deletePayment(): Promise<void> {}

  async getPaymentStatus(data: PaymentData): Promise<PaymentSessionStatus> {
    const status = data.status
    return status === 'authorized' || status === 'captured'
      ? 'authorized'
      : status === 'canceled'
        ? 'canceled'
        : 'pending'
  }

  async listSavedMethods(): Promise<PaymentData[]> {
    return []
  }
}

export const SYSTEM_PAYMENT_PROVIDER_ID = 'system'

/**
 * v1's internal `system` provider: draft orders marked paid by staff and zero-total carts go
 * through it. It is callable but never listed among the store's providers or offered to regions.
 */
export class SystemPaymentProvider extends ManualPaymentProvider {
  override readonly id = SYSTEM_PAYMENT_PROVIDER_ID

  override async initiatePayment(): Promise<{ data: PaymentData; status: PaymentSessionStatus }> {
    return { data: {}, status: 'authorized' }
  }

  override async authorizePayment(): Promise<{ status: PaymentSessionStatus; data: PaymentData }> {
    return { status: 'authorized', data: {} }
  }

  override async capturePayment(): Promise<PaymentData> {
    return {}
  }

  override async cancelPayment(): Promise<PaymentData> {
    return {}
  }

  override async getPaymentStatus(): Promise<PaymentSessionStatus> {
    return 'authorized'
  }
}

/** The provider with this id, or v1's 404 when the server does not have it. */
export function getPaymentProvider(registry: ReadonlyMap<string, PaymentProvider>, id: string): PaymentProvider {
  const provider = registry.get(id)
  if (!provider) throw new NotFound(`Could not find a payment provider with id: ${id}`)
  return provider
}

/**
 * The payment providers a server can call: `manual` (the one staff enable in regions), v1's
 * internal `system`, and, outside production, `test`. `system` and `test` are not recorded as the
 * store's providers, so neither the admin nor the demo shop offers them; tests link `test` to a
 * region by writing its provider row (the region factory does).
 */
export function defaultPaymentProviders(options: { production: boolean }): Map<string, PaymentProvider> {
  const providers: PaymentProvider[] = [new ManualPaymentProvider(), new SystemPaymentProvider()]
  if (!options.production) providers.push(new TestPaymentProvider())
  return new Map(providers.map((provider) => [provider.id, provider]))
}
