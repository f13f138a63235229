import {
  AdminCurrenciesListRes,
  AdminCurrenciesRes,
  AdminExtendedStoresRes,
  AdminPaymentProvidersList,
  AdminStoresRes,
  AdminTaxProvidersList,
} from '../../../modules/store/contract.js'

/** The schemas by name, so that declarations stay small. */
export type StoreRoutes = {
  'GET /admin/currencies': typeof AdminCurrenciesListRes
  'POST /admin/currencies/:code': typeof AdminCurrenciesRes
  'GET /admin/store': typeof AdminExtendedStoresRes
  'POST /admin/store': typeof AdminStoresRes
  'DELETE /admin/store/currencies/:currency_code': typeof AdminStoresRes
  'POST /admin/store/currencies/:currency_code': typeof AdminStoresRes
  'GET /admin/store/payment-providers': typeof AdminPaymentProvidersList
  'GET /admin/store/tax-providers': typeof AdminTaxProvidersList
}

export const storeRoutes: StoreRoutes = {
  'GET /admin/currencies': AdminCurrenciesListRes,
  'POST /admin/currencies/:code': AdminCurrenciesRes,
  'GET /admin/store': AdminExtendedStoresRes,
  'POST /admin/store': AdminStoresRes,
  'DELETE /admin/store/currencies/:currency_code': AdminStoresRes,
  'POST /admin/store/currencies/:currency_code': AdminStoresRes,
  'GET /admin/store/payment-providers': AdminPaymentProvidersList,
  'GET /admin/store/tax-providers': AdminTaxProvidersList,
}
