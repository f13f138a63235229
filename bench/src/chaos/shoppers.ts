/**
 * Guest checkouts against the API processes while they are being killed. Each shopper browses the
 * catalogue anonymously (the reads a read replica serves), then goes through a whole checkout,
 * sending each step to a random API process and trying again (on the other one, after a pause)
 * when a process does not answer. The completion carries an `Idempotency-Key`, so a retried
 * completion answers the order it made. An order counts as acknowledged only once a completion
 * answered 200 with it.
 */
import { randomUUID } from 'node:crypto'
import { sleep } from './services.js'

export interface Acknowledged {
  orderId: string
  cartId: string
  items: { variantId: string; quantity: number }[]
}

export interface LoadFigures {
  acknowledged: Acknowledged[]
  /** Checkouts given up (a step refused, e.g. a variant out of stock) and requests retried. */
  abandoned: number
  retries: number
  /** Anonymous catalogue reads answered, and those answered with an error (each described). */
  catalogueReads: number
  failedReads: string[]
}

interface Fixtures {
  regionId: string
  variantIds: string[]
}

const STEP_ATTEMPTS = 30

class Refused extends Error {}

export class Shoppers {
  readonly figures: LoadFigures = { acknowledged: [], abandoned: 0, retries: 0, catalogueReads: 0, failedReads: [] }
  private stopping = false

  constructor(
    private readonly ports: number[],
    private readonly fixtures: Fixtures,
  ) {}

  /**
   * One request, tried again on another process while processes are down (no answer, or a 5xx of
   * a process that is stopping). A 4xx is the answer: the checkout is abandoned.
   */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    for (let attempt = 1; ; attempt++) {
      const port = this.ports[Math.floor(Math.random() * this.ports.length)]
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        })
        const text = await response.text()
        if (response.ok) return JSON.parse(text) as T
        if (response.status < 500 && response.status !== 409)
          throw new Refused(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`)
      } catch (error) {
        if (error instanceof Refused) throw error
      }
      if (attempt >= STEP_ATTEMPTS) throw new Refused(`${method} ${path}: no answer after ${attempt} tries`)
      this.figures.retries += 1
      await sleep(200 + Math.random() * 300)
    }
  }

  /**
   * One anonymous catalogue read: sent to the other process when one does not answer (it is being
   * killed), but never repeated after an answer. Every answer must be a 200, whatever happens to
   * the replica behind it.
   */
  private async read<T>(path: string): Promise<T | undefined> {
    const ports = [...this.ports].sort(() => Math.random() - 0.5)
    for (const port of ports) {
      let response: Response
      try {
        response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(20_000) })
      } catch {
        this.figures.retries += 1
        continue
      }
      this.figures.catalogueReads += 1
      const text = await response.text()
      if (response.ok) return JSON.parse(text) as T
      this.figures.failedReads.push(`GET ${path}: ${response.status} ${text.slice(0, 200)}`)
      return undefined
    }
    return undefined
  }

  private async browse(): Promise<void> {
    const list = await this.read<{ products: { id: string }[] }>('/store/products?limit=6')
    const product = list?.products[Math.floor(Math.random() * list.products.length)]
    if (product) await this.read(`/store/products/${product.id}`)
  }

  private async checkout(): Promise<void> {
    await this.browse()
    const { cart } = await this.call<{ cart: { id: string } }>('POST', '/store/carts', {
      region_id: this.fixtures.regionId,
    })
    const variantId = this.fixtures.variantIds[Math.floor(Math.random() * this.fixtures.variantIds.length)]
    // Adding the line again after a lost answer could double it: the order's own lines are what count.
    await this.call('POST', `/store/carts/${cart.id}/line-items`, { variant_id: variantId, quantity: 1 })
    await this.call('POST', `/store/carts/${cart.id}`, {
      email: `chaos-${randomUUID()}@chaos.emporium.test`,
      shipping_address: {
        first_name: 'Chaos',
        last_name: 'Shopper',
        address_1: '1 Crash Street',
        city: 'Springfield',
        postal_code: '12345',
        country_code: 'us',
      },
    })
    const { shipping_options } = await this.call<{ shipping_options: { id: string }[] }>(
      'GET',
      `/store/shipping-options/${cart.id}`,
    )
    await this.call('POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: shipping_options[0].id })
    await this.call('POST', `/store/carts/${cart.id}/payment-sessions`)
    await this.call('POST', `/store/carts/${cart.id}/payment-session`, { provider_id: 'manual' })
    const completed = await this.call<{
      type: string
      data: { id: string; items: { variant_id: string; quantity: number }[] }
    }>('POST', `/store/carts/${cart.id}/complete`, undefined, { 'idempotency-key': randomUUID() })
    if (completed.type !== 'order') throw new Refused(`completion answered ${completed.type}`)
    this.figures.acknowledged.push({
      orderId: completed.data.id,
      cartId: cart.id,
      items: completed.data.items.map((item) => ({ variantId: item.variant_id, quantity: item.quantity })),
    })
  }

  /** Runs `count` shoppers until `stop()`; resolves once each has finished the checkout in hand. */
  async run(count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, async () => {
        while (!this.stopping) {
          try {
            await this.checkout()
          } catch (error) {
            if (!(error instanceof Refused)) throw error
            this.figures.abandoned += 1
          }
        }
      }),
    )
  }

  stop(): void {
    this.stopping = true
  }
}
