import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/types.js'
import type { FulfillmentData, FulfillmentProvider } from '../../providers/fulfillment.js'
import { fulfillmentProvider } from '../../modules/store/schema.js'

type Method = 'createFulfillment' | 'cancelFulfillment' | 'createShipment'

/**
 * A fulfillment provider that books through an "outside service": it records each call, returns
 * data naming the booking, and fails the next call to a method when told (`failNext`).
 */
export class RecordingFulfillmentProvider implements FulfillmentProvider {
  readonly id = 'test-fulfillment'
  readonly calls: { method: Method; data?: FulfillmentData }[] = []
  private readonly failures = new Set<Method>()

  failNext(method: Method): void {
    this.failures.add(method)
  }

  private enter(method: Method, data?: FulfillmentData): void {
    this.calls.push({ method, data })
    if (this.failures.delete(method)) throw new Error(`carrier refused ${method}`)
  }

  async getFulfillmentOptions() {
    return [{ id: 'recorded' }]
  }

  async validateFulfillmentData(_optionData: FulfillmentData, data: FulfillmentData) {
    return data
  }

  async validateOption() {
    return true
  }

  async canCalculate() {
    return false
  }

  async calculatePrice(): Promise<number> {
    throw new Error('not calculated')
  }

  async createFulfillment(_methodData: FulfillmentData, items: readonly unknown[]) {
    this.enter('createFulfillment')
    return { booking: `bk_${this.calls.length}`, lines: items.length }
  }

  async cancelFulfillment(data: FulfillmentData) {
    this.enter('cancelFulfillment', data)
    return {}
  }

  async createShipment(data: FulfillmentData, trackingNumbers: readonly string[]) {
    this.enter('createShipment', data)
    return { ...data, label: trackingNumbers.join('+') }
  }
}

/** Installs the recording provider in a test app, with its provider row. */
export async function installRecordingFulfillmentProvider(app: FastifyInstance, db: Db) {
  const provider = new RecordingFulfillmentProvider()
  ;(app.providers.fulfillmentProviders as Map<string, FulfillmentProvider>).set(provider.id, provider)
  await db.insert(fulfillmentProvider).values({ id: provider.id }).onConflictDoNothing()
  return provider
}
