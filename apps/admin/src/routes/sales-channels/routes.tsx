import type { RouteObject } from 'react-router'

/** /a/sales-channels: the channels with create, edit, enable/disable and delete. */
export const salesChannelRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./sales-channel-list').then((module) => ({ Component: module.SalesChannelList })),
  },
]
