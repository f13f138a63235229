import type { RouteObject } from 'react-router'
import { Layout } from './components/layout'
import { NotFound } from './components/not-found'

/** Each page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
})

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    // The first page's chunk is loading: the layout's empty frame is enough meanwhile.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: 'products', lazy: page(() => import('./routes/catalogue')) },
      { path: 'search', lazy: page(() => import('./routes/search')) },
      { path: 'products/:handle', lazy: page(() => import('./routes/product')) },
      { path: 'cart', lazy: page(() => import('./routes/cart')) },
      { path: 'checkout', lazy: page(() => import('./routes/checkout')) },
      { path: 'order/confirmed/:id', lazy: page(() => import('./routes/order-confirmed')) },
      { path: 'order/lookup', lazy: page(() => import('./routes/order-lookup')) },
      { path: 'account', lazy: page(() => import('./routes/account')) },
      { path: 'account/login', lazy: page(() => import('./routes/login')) },
      { path: 'account/register', lazy: page(() => import('./routes/register')) },
      { path: 'account/reset-password', lazy: page(() => import('./routes/reset-password')) },
      // Where the server's password-reset e-mail links to.
      { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
      { path: 'account/orders/:id', lazy: page(() => import('./routes/account-order')) },
      { path: '*', Component: NotFound },
    ],
  },
]
