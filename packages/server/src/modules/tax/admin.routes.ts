import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse } from '../../core/schemas.js'
import {
  AdminGetTaxRatesParams,
  AdminGetTaxRatesTaxRateParams,
  AdminPostTaxRatesReq,
  AdminPostTaxRatesTaxRateReq,
  AdminTaxRatesListRes,
  AdminTaxRatesProductsReq,
  AdminTaxRatesProductTypesReq,
  AdminTaxRatesRes,
  AdminTaxRatesShippingOptionsReq,
  TaxRateIdParams,
} from './contract.js'
import {
  addTaxRateLinks,
  createTaxRate,
  deleteTaxRate,
  listTaxRates,
  removeTaxRateLinks,
  retrieveTaxRate,
  updateTaxRate,
} from './service.js'

export const adminTaxRateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Tax Rates']
  const rateRes = { 200: AdminTaxRatesRes }
  const querystring = AdminGetTaxRatesTaxRateParams

  app.get(
    '/admin/tax-rates',
    { schema: { tags, querystring: AdminGetTaxRatesParams, response: { 200: AdminTaxRatesListRes } } },
    async (request) => {
      return listTaxRates(app.db, request.query)
    },
  )

  app.get(
    '/admin/tax-rates/:id',
    { schema: { tags, params: TaxRateIdParams, querystring, response: rateRes } },
    async (request) => ({ tax_rate: await retrieveTaxRate(app.db, request.params.id, request.query) }),
  )

  app.post(
    '/admin/tax-rates',
    { schema: { tags, querystring, body: AdminPostTaxRatesReq, response: rateRes } },
    async (request) => ({ tax_rate: await createTaxRate(app.db, request.body, request.query) }),
  )

  app.post(
    '/admin/tax-rates/:id',
    { schema: { tags, params: TaxRateIdParams, querystring, body: AdminPostTaxRatesTaxRateReq, response: rateRes } },
    async (request) => ({
      tax_rate: await updateTaxRate(app.db, request.params.id, request.body, request.query),
    }),
  )

  app.delete(
    '/admin/tax-rates/:id',
    { schema: { tags, params: TaxRateIdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteTaxRate(app.db, request.params.id)
      return { id: request.params.id, object: 'tax-rate', deleted: true }
    },
  )

  // The body key names the kind: `products`, `product_types`, `shipping_options`.
  const batches = [
    { path: 'products', kind: 'products', body: AdminTaxRatesProductsReq },
    { path: 'product-types', kind: 'product_types', body: AdminTaxRatesProductTypesReq },
    { path: 'shipping-options', kind: 'shipping_options', body: AdminTaxRatesShippingOptionsReq },
  ] as const
  for (const { path, kind, body } of batches) {
    const schema = { tags, params: TaxRateIdParams, querystring, body, response: rateRes }
    app.post(`/admin/tax-rates/:id/${path}/batch`, { schema }, async (request) => {
      const ids = (request.body as Record<typeof kind, string[]>)[kind]
      return { tax_rate: await addTaxRateLinks(app.db, request.params.id, kind, ids, request.query) }
    })
    app.delete(`/admin/tax-rates/:id/${path}/batch`, { schema }, async (request) => {
      const ids = (request.body as Record<typeof kind, string[]>)[kind]
      return { tax_rate: await removeTaxRateLinks(app.db, request.params.id, kind, ids, request.query) }
    })
  }
}
