import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { requireFlag } from '../../core/feature-flags.js'
import {
  AdminCurrenciesListRes,
  AdminCurrenciesRes,
  AdminExtendedStoresRes,
  AdminGetCurrenciesParams,
  AdminPaymentProvidersList,
  AdminPostCurrenciesCurrencyReq,
  AdminPostStoreReq,
  AdminStoresRes,
  AdminTaxProvidersList,
  CodeParams,
  CurrencyCodeParams,
} from './contract.js'
import { listCurrencies, updateCurrency } from './currencies.js'
import {
  addStoreCurrency,
  listProviders,
  removeStoreCurrency,
  retrieveStoreWithProviders,
  updateStore,
} from './service.js'

export const adminStoreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Store']
  const featureFlags = Object.entries(app.config.featureFlags).map(([key, value]) => ({ key, value }))

  app.get('/admin/store', { schema: { tags, response: { 200: AdminExtendedStoresRes } } }, async () => ({
    store: {
      ...(await retrieveStoreWithProviders(app.db)),
      feature_flags: featureFlags,
      // The inventory and stock-location modules are installed while the inventoryService flag is on.
      modules: app.config.featureFlags.inventoryService
        ? [
            { module: 'inventoryService', resolution: '@medusajs/inventory' },
            { module: 'stockLocationService', resolution: '@medusajs/stock-location' },
          ]
        : [],
    },
  }))

  app.post(
    '/admin/store',
    { schema: { tags, body: AdminPostStoreReq, response: { 200: AdminStoresRes } } },
    async (request) => ({ store: await updateStore(app.db, request.body) }),
  )

  app.post(
    '/admin/store/currencies/:currency_code',
    { schema: { tags, params: CurrencyCodeParams, response: { 200: AdminStoresRes } } },
    async (request) => ({ store: await addStoreCurrency(app.db, request.params.currency_code) }),
  )

  app.delete(
    '/admin/store/currencies/:currency_code',
    { schema: { tags, params: CurrencyCodeParams, response: { 200: AdminStoresRes } } },
    async (request) => ({ store: await removeStoreCurrency(app.db, request.params.currency_code) }),
  )

  app.get(
    '/admin/store/payment-providers',
    { schema: { tags, response: { 200: AdminPaymentProvidersList } } },
    async () => ({ payment_providers: await listProviders(app.db, 'payment') }),
  )

  app.get('/admin/store/tax-providers', { schema: { tags, response: { 200: AdminTaxProvidersList } } }, async () => ({
    tax_providers: await listProviders(app.db, 'tax'),
  }))
}

export const adminCurrencyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Currencies']

  app.get(
    '/admin/currencies',
    { schema: { tags, querystring: AdminGetCurrenciesParams, response: { 200: AdminCurrenciesListRes } } },
    async (request) => {
      return listCurrencies(app.db, request.query)
    },
  )

  app.post(
    '/admin/currencies/:code',
    {
      preValidation: requireFlag(app, 'tax_inclusive_pricing'),
      schema: { tags, params: CodeParams, body: AdminPostCurrenciesCurrencyReq, response: { 200: AdminCurrenciesRes } },
    },
    async (request) => ({ currency: await updateCurrency(app.db, request.params.code, request.body) }),
  )
}
