import type { RouteObject } from 'react-router'

/** /a/products: the list (with the create modal) and a product's page. */
export const productRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./product-list/product-list').then((module) => ({ Component: module.ProductList })),
  },
  {
    path: ':id',
    lazy: () => import('./product-detail/product-detail').then((module) => ({ Component: module.ProductDetail })),
  },
]
