/**
 * What must hold after the processes were killed: read straight from the database once the
 * topology has settled. Each check answers its violations (empty when it holds).
 */
import type pg from 'pg'
import type { Acknowledged } from './shoppers.js'

export interface Check {
  name: string
  violations: string[]
}

const rows = async <T>(client: pg.Client, text: string, values: unknown[] = []): Promise<T[]> =>
  (await client.query(text, values)).rows as T[]

export async function checkInvariants(
  client: pg.Client,
  acknowledged: Acknowledged[],
  startingStock: Map<string, number>,
): Promise<Check[]> {
  const ids = acknowledged.map((order) => order.orderId)
  const checks: Check[] = []

  const orders = await rows<{ id: string; cart_id: string; payments: number }>(
    client,
    `SELECT o.id, o.cart_id, (SELECT count(*)::int FROM payment p WHERE p.order_id = o.id) AS payments
       FROM "order" o WHERE o.id = ANY($1)`,
    [ids],
  )
  const found = new Map(orders.map((order) => [order.id, order]))
  checks.push({
    name: 'every acknowledged order is present once, for its cart, with one payment',
    violations: acknowledged.flatMap((ack) => {
      const order = found.get(ack.orderId)
      if (!order) return [`${ack.orderId}: missing`]
      if (order.cart_id !== ack.cartId) return [`${ack.orderId}: cart ${order.cart_id}, acknowledged for ${ack.cartId}`]
      return order.payments === 1 ? [] : [`${ack.orderId}: ${order.payments} payments`]
    }),
  })

  const twice = await rows<{ cart_id: string; n: number }>(
    client,
    `SELECT cart_id, count(*)::int AS n FROM "order" WHERE cart_id IS NOT NULL GROUP BY cart_id HAVING count(*) > 1`,
  )
  const orphans = await rows<{ id: string }>(
    client,
    `SELECT c.id FROM cart c WHERE c.completed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "order" o WHERE o.cart_id = c.id)`,
  )
  checks.push({
    name: 'no cart has two orders, and no completed cart is without its order',
    violations: [
      ...twice.map((row) => `cart ${row.cart_id}: ${row.n} orders`),
      ...orphans.map((row) => `cart ${row.id}: completed without an order`),
    ],
  })

  // Every order took stock, acknowledged or not (a process may have died before answering).
  const ordered = await rows<{ variant_id: string; quantity: number }>(
    client,
    `SELECT li.variant_id, sum(li.quantity)::int AS quantity FROM line_item li
       JOIN "order" o ON o.id = li.order_id WHERE li.variant_id = ANY($1) GROUP BY li.variant_id`,
    [[...startingStock.keys()]],
  )
  const now = await rows<{ id: string; inventory_quantity: number }>(
    client,
    `SELECT id, inventory_quantity FROM product_variant WHERE id = ANY($1)`,
    [[...startingStock.keys()]],
  )
  const orderedOf = new Map(ordered.map((row) => [row.variant_id, row.quantity]))
  checks.push({
    name: 'stock is the starting stock minus what was ordered',
    violations: now.flatMap((variant) => {
      const expected = startingStock.get(variant.id)! - (orderedOf.get(variant.id) ?? 0)
      return variant.inventory_quantity === expected
        ? []
        : [`${variant.id}: ${variant.inventory_quantity}, expected ${expected}`]
    }),
  })

  const undelivered = await rows<{ id: string }>(
    client,
    `SELECT o.id FROM "order" o WHERE NOT EXISTS (
       SELECT 1 FROM notification n WHERE n.event_name = 'order.placed' AND n.resource_id = o.id)`,
  )
  checks.push({
    name: 'every order.placed event was delivered (its subscriber sent the confirmation)',
    violations: undelivered.map((row) => `${row.id}: no order.placed notification`),
  })

  const pending = await rows<{ event_name: string; n: number }>(
    client,
    `SELECT event_name, count(*)::int AS n FROM outbox WHERE delivered_at IS NULL GROUP BY event_name`,
  )
  const strayPayments = await rows<{ id: string }>(
    client,
    `SELECT p.id FROM payment p JOIN cart c ON c.id = p.cart_id WHERE p.order_id IS NULL AND c.completed_at IS NOT NULL`,
  )
  checks.push({
    name: 'nothing left unfinished (every event relayed, no payment of a completed cart without its order)',
    violations: [
      ...pending.map((row) => `${row.n} ${row.event_name} event(s) not relayed`),
      ...strayPayments.map((row) => `payment ${row.id}: its cart completed, no order`),
    ],
  })
  return checks
}
