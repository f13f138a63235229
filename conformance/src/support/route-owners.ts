/**
 * Route prefixes called from a conformance file of their own (`admin-<domain>.test.ts`,
 * `store-<domain>.test.ts`), which checks that it called every route under them. admin.test.ts and
 * store.test.ts leave these out of their own "called every route" check. A prefix owns a path
 * when the path equals it or continues it with `/`.
 */
export const ROUTES_CALLED_ELSEWHERE: readonly string[] = [
  // admin-order-edits.test.ts, store-order-edits.test.ts
  '/admin/order-edits',
  '/store/order-edits',
  '/admin/orders/{id}/claims',
  // admin-promotions.test.ts
  '/admin/discounts',
  '/admin/gift-cards',
  '/store/gift-cards',
  // admin-returns.test.ts, store-returns.test.ts
  '/admin/return-reasons',
  '/admin/returns',
  '/admin/orders/{id}/return',
  '/store/return-reasons',
  '/store/returns',
  // admin-draft-orders.test.ts
  '/admin/draft-orders',
  // admin-swaps.test.ts, store-swaps.test.ts
  '/admin/orders/{id}/swaps',
  '/admin/swaps',
  '/store/swaps',
  // admin-dashboard.test.ts
  '/admin/dashboard',
  // admin-price-lists.test.ts
  '/admin/price-lists',
]

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/** True when the route belongs to `prefix` (or to one of `prefixes`). */
export function ownedBy(path: string, prefixes: string | readonly string[]): boolean {
  return (typeof prefixes === 'string' ? [prefixes] : prefixes).some((prefix) => under(path, prefix))
}

/** True when the route is called from a file of its own. */
export const calledElsewhere = (path: string) => ownedBy(path, ROUTES_CALLED_ELSEWHERE)
