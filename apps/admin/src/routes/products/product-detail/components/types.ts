import type { useAdminProduct } from '@emporium/react'

/** The product as GET /admin/products/:id answers it, with its default relations. */
export type AdminProduct = NonNullable<ReturnType<typeof useAdminProduct>['product']>
export type AdminVariant = NonNullable<AdminProduct['variants']>[number]
