import {
  AdminCurrenciesListRes,
  AdminCurrenciesRes,
  AdminExtendedStoresRes,
  AdminPaymentProvidersList,
  AdminStoresRes,
  AdminTaxProvidersList,
} from '../../../modules/store/contract.js'
import type { RouteTable } from '../client.js'

export const storeRoutes = {
  'GET /admin/currencies': AdminCurrenciesListRes,
  'POST /admin/currencies/:code': AdminCurrenciesRes,
  'GET /admin/store': AdminExtendedStoresRes,
  'POST /admin/store': AdminStoresRes,
  'DELETE /admin/store/currencies/:currency_code': AdminStoresRes,
  'POST /admin/store/currencies/:currency_code': AdminStoresRes,
  'GET /admin/store/payment-providers': AdminPaymentProvidersList,
  'GET /admin/store/tax-providers': AdminTaxProvidersList,
} as const satisfies RouteTable
