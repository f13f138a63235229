import { InvalidData } from '../core/errors.js'

/** Provider-specific data: a shipping option's `data`, a shipping method's, a fulfillment's. */
export type FulfillmentData = Record<string, unknown>

/** One option a provider offers, as `GET /admin/regions/:id/fulfillment-options` lists it. */
export interface FulfillmentOption {
  id: string
  is_return?: boolean
  [key: string]: unknown
}

/** What a provider may read of the cart it prices or validates for. */
export interface FulfillmentCart {
  id?: string
  region_id: string
  subtotal?: number
  total?: number
  [key: string]: unknown
}

/**
 * Ships orders: offers the options staff pick when they create shipping options, validates and
 * prices them for carts, and creates and cancels fulfillments. Calls may reach an outside service,
 * so callers make them outside database transactions, unless the provider is `local`.
 */
export interface FulfillmentProvider {
  /** The identifier stored as `provider_id` (and in the `fulfillment_provider` table). */
  readonly id: string
  /**
   * True when every call answers from this process, reaching no outside service (the manual
   * provider): a cart's shipping method is then checked and written in one transaction.
   */
  readonly local?: boolean
  getFulfillmentOptions(): Promise<FulfillmentOption[]>
  /** The data a shipping method keeps, from the option's data and what the customer sent. */
  validateFulfillmentData(
    optionData: FulfillmentData,
    data: FulfillmentData,
    cart: FulfillmentCart | null,
  ): Promise<FulfillmentData>
  /** Whether a shipping option with this `data` is one the provider can serve. */
  validateOption(data: FulfillmentData): Promise<boolean>
  /** Whether the provider prices options with this `data` itself (`price_type: calculated`). */
  canCalculate(data: FulfillmentData): Promise<boolean>
  calculatePrice(optionData: FulfillmentData, data: FulfillmentData, cart: FulfillmentCart | null): Promise<number>
  /** Books the shipment; the returned data is stored on the fulfillment. */
  createFulfillment(
    methodData: FulfillmentData,
    items: readonly unknown[],
    order: unknown,
    fulfillment: unknown,
  ): Promise<FulfillmentData>
  cancelFulfillment(fulfillmentData: FulfillmentData): Promise<unknown>
  /**
   * The fulfilment left with these tracking numbers; the returned data replaces the fulfilment's.
   * A provider that books nothing at shipping answers the data it was given.
   */
  createShipment(fulfillmentData: FulfillmentData, trackingNumbers: readonly string[]): Promise<FulfillmentData>
}

/** The fulfillment providers this server runs with, by id. */
export type FulfillmentProviderMap = ReadonlyMap<string, FulfillmentProvider>

/**
 * The built-in provider: staff ship by hand, so it has one outgoing and one return option, takes
 * any data as given and only knows flat prices.
 */
export class ManualFulfillmentProvider implements FulfillmentProvider {
  readonly id = 'manual'
  readonly local = true

  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return [{ id: 'manual-fulfillment' }, { id: 'manual-fulfillment-return', is_return: true }]
  }

  async validateFulfillmentData(_optionData: FulfillmentData, data: FulfillmentData): Promise<FulfillmentData> {
    return data
  }

  async validateOption(): Promise<boolean> {
    return true
  }

  async canCalculate(): Promise<boolean> {
    return false
  }

  async calculatePrice(): Promise<number> {
    throw new InvalidData('The manual fulfillment provider cannot calculate prices')
  }

  async createFulfillment(): Promise<FulfillmentData> {
    return {}
  }

  async cancelFulfillment(): Promise<unknown> {
    return {}
  }

  async createShipment(fulfillmentData: FulfillmentData): Promise<FulfillmentData> {
    return fulfillmentData
  }
}

/** The fulfillment providers installed by default (their ids are `DEFAULT_PROVIDER_IDS.fulfillment`). */
export function defaultFulfillmentProviders(): Map<string, FulfillmentProvider> {
  const manual = new ManualFulfillmentProvider()
  return new Map([[manual.id, manual]])
}
