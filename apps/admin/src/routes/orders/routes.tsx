import type { RouteObject } from 'react-router'

/** /a/orders: the list and an order's page. */
export const orderRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./order-list/order-list').then((module) => ({ Component: module.OrderList })),
  },
  {
    path: ':id',
    lazy: () => import('./order-detail/order-detail').then((module) => ({ Component: module.OrderDetail })),
  },
]
