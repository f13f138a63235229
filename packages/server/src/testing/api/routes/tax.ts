import { DeleteResponse } from '../../../core/schemas.js'
import { AdminTaxRatesListRes, AdminTaxRatesRes } from '../../../modules/tax/contract.js'
import type { RouteTable } from '../client.js'

export const taxRoutes = {
  'GET /admin/tax-rates': AdminTaxRatesListRes,
  'POST /admin/tax-rates': AdminTaxRatesRes,
  'DELETE /admin/tax-rates/:id': DeleteResponse,
  'GET /admin/tax-rates/:id': AdminTaxRatesRes,
  'POST /admin/tax-rates/:id': AdminTaxRatesRes,
  'DELETE /admin/tax-rates/:id/product-types/batch': AdminTaxRatesRes,
  'POST /admin/tax-rates/:id/product-types/batch': AdminTaxRatesRes,
  'DELETE /admin/tax-rates/:id/products/batch': AdminTaxRatesRes,
  'POST /admin/tax-rates/:id/products/batch': AdminTaxRatesRes,
  'DELETE /admin/tax-rates/:id/shipping-options/batch': AdminTaxRatesRes,
  'POST /admin/tax-rates/:id/shipping-options/batch': AdminTaxRatesRes,
} as const satisfies RouteTable
