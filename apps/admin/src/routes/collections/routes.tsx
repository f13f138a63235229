import type { RouteObject } from 'react-router'

/** /a/collections: the list and a collection's page. */
export const collectionRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./collection-list/collection-list').then((module) => ({ Component: module.CollectionList })),
  },
  {
    path: ':id',
    lazy: () =>
      import('./collection-detail/collection-detail').then((module) => ({ Component: module.CollectionDetail })),
  },
]
