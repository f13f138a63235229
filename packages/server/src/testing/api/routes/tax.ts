import { DeleteResponse } from '../../../core/schemas.js'
import { AdminTaxRatesListRes, AdminTaxRatesRes } from '../../../modules/tax/contract.js'

/** The schemas by name, so that declarations stay small. */
export type TaxRoutes = {
  'GET /admin/tax-rates': typeof AdminTaxRatesListRes
  'POST /admin/tax-rates': typeof AdminTaxRatesRes
  'DELETE /admin/tax-rates/:id': typeof DeleteResponse
  'GET /admin/tax-rates/:id': typeof AdminTaxRatesRes
  'POST /admin/tax-rates/:id': typeof AdminTaxRatesRes
  'DELETE /admin/tax-rates/:id/product-types/batch': typeof AdminTaxRatesRes
  'POST /admin/tax-rates/:id/product-types/batch': typeof AdminTaxRatesRes
  'DELETE /admin/tax-rates/:id/products/batch': typeof AdminTaxRatesRes
  'POST /admin/tax-rates/:id/products/batch': typeof AdminTaxRatesRes
  'DELETE /admin/tax-rates/:id/shipping-options/batch': typeof AdminTaxRatesRes
  'POST /admin/tax-rates/:id/shipping-options/batch': typeof AdminTaxRatesRes
}

export const taxRoutes: TaxRoutes = {
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
}
