import type { RouteObject } from 'react-router'

/** /a/draft-orders: the list and a draft's page. */
export const draftOrderRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./draft-order-list').then((module) => ({ Component: module.DraftOrderList })),
  },
  {
    path: ':id',
    lazy: () => import('./draft-order-detail').then((module) => ({ Component: module.DraftOrderDetail })),
  },
]
