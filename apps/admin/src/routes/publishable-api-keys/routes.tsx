import type { RouteObject } from 'react-router'

/** /a/publishable-api-keys: keys with create, sales channels, revoke and delete. */
export const publishableApiKeyRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./api-key-list').then((module) => ({ Component: module.ApiKeyList })),
  },
]
