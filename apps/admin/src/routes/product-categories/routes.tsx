import type { RouteObject } from 'react-router'

/** /a/product-categories: the category tree with create, edit and delete. */
export const productCategoryRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./category-tree/category-tree').then((module) => ({ Component: module.CategoryTree })),
  },
]
