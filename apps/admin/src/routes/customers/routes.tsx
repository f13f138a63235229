import type { RouteObject } from 'react-router'

/** /a/customers: the list, groups, a group's page and a customer's page. */
export const customerRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./customer-list/customer-list').then((module) => ({ Component: module.CustomerList })),
  },
  {
    path: 'groups',
    lazy: () => import('./group-list/group-list').then((module) => ({ Component: module.GroupList })),
  },
  {
    path: 'groups/:id',
    lazy: () => import('./group-detail/group-detail').then((module) => ({ Component: module.GroupDetail })),
  },
  {
    path: ':id',
    lazy: () => import('./customer-detail/customer-detail').then((module) => ({ Component: module.CustomerDetail })),
  },
]
