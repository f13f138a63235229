import { customerOrdersOf } from './seams.js'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { requireCustomer, setSessionCustomer } from '../../core/request-identity.js'
import { BareStatus } from '../../core/errors.js'
import { throttledLogin } from '../../core/login-throttle.js'
import { signToken } from '../../core/tokens.js'
import {
  authenticateCustomer,
  customerAccountExists,
  requestCustomerPasswordReset,
  resetCustomerPassword,
} from './auth.js'
import {
  AddressIdParams,
  AddressPayload,
  StoreAuthRes,
  StoreBearerAuthRes,
  StoreCustomersListPaymentMethodsRes,
  StoreCustomersRes,
  StoreGetAuthEmailParams,
  StoreGetAuthEmailRes,
  StorePostAuthReq,
  StorePostCustomersCustomerAddressesReq,
  StorePostCustomersCustomerPasswordTokenReq,
  StorePostCustomersCustomerReq,
  StorePostCustomersReq,
  StorePostCustomersResetPasswordReq,
} from './contract.js'
import {
  addCustomerAddress,
  AUTH_CUSTOMER_RELATIONS,
  createCustomerAccount,
  deleteCustomerAddress,
  listPaymentMethods,
  retrieveCustomer,
  STORE_CUSTOMER_RELATIONS,
  updateCustomer,
  updateCustomerAddress,
} from './service.js'

const CUSTOMER_TOKEN_TTL = '30d'

/** Route option for the routes marked C: a 401 comes before any body validation. */
const customerOnly = {
  preValidation: async (request: FastifyRequest) => {
    requireCustomer(request)
  },
}

export const storeAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One budget per client for both ways of logging in, so that neither doubles the guesses.
  const loginLimit = app.rateLimit({ max: app.config.authRateLimit, timeWindow: '1 minute' })
  const tags = ['Auth']

  app.post(
    '/store/auth',
    { onRequest: loginLimit, schema: { tags, body: StorePostAuthReq, response: { 200: StoreAuthRes } } },
    async (request) => {
      const { email, password } = request.body
      const customer = await throttledLogin(app.db, { domain: 'store', email, address: request.ip }, () =>
        authenticateCustomer(app.db, email, password, AUTH_CUSTOMER_RELATIONS, customerOrdersOf(app)),
      )
      if (!customer) throw new BareStatus(401, 'Unauthorized')
      setSessionCustomer(request, customer)
      return { customer }
    },
  )

  app.get('/store/auth', { ...customerOnly, schema: { tags, response: { 200: StoreAuthRes } } }, async (request) => ({
    customer: await retrieveCustomer(app.db, requireCustomer(request), AUTH_CUSTOMER_RELATIONS, customerOrdersOf(app)),
  }))

  app.delete('/store/auth', { schema: { tags } }, async (request, reply) => {
    // One session may also hold a logged-in staff user; keep theirs.
    if (request.session.get('user_id')) request.session.set('customer_id', undefined)
    else await request.session.destroy()
    return reply.status(200).type('text/plain').send('OK')
  })

  app.get(
    '/store/auth/:email',
    { schema: { tags, params: StoreGetAuthEmailParams, response: { 200: StoreGetAuthEmailRes } } },
    async (request) => ({ exists: await customerAccountExists(app.db, request.params.email) }),
  )

  app.post(
    '/store/auth/token',
    { onRequest: loginLimit, schema: { tags, body: StorePostAuthReq, response: { 200: StoreBearerAuthRes } } },
    async (request) => {
      const { email, password } = request.body
      const customer = await throttledLogin(app.db, { domain: 'store', email, address: request.ip }, () =>
        authenticateCustomer(app.db, email, password),
      )
      if (!customer) throw new BareStatus(401, 'Unauthorized')
      return {
        access_token: await signToken(
          { customer_id: customer.id, domain: 'store', token_version: customer.token_version },
          app.config.jwtSecret,
          CUSTOMER_TOKEN_TTL,
        ),
      }
    },
  )
}

export const storeCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Registration hashes a password too: limited like login, against account spam and scrypt floods.
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } }
  const tags = ['Customers']

  app.post(
    '/store/customers',
    { config: limited, schema: { tags, body: StorePostCustomersReq, response: { 200: StoreCustomersRes } } },
    async (request) => {
      const customer = await createCustomerAccount(app.db, request.body, STORE_CUSTOMER_RELATIONS)
      setSessionCustomer(request, customer)
      return { customer }
    },
  )

  app.get(
    '/store/customers/me',
    { ...customerOnly, schema: { tags, response: { 200: StoreCustomersRes } } },
    async (request) => ({
      customer: await retrieveCustomer(app.db, requireCustomer(request), STORE_CUSTOMER_RELATIONS),
    }),
  )

  app.post(
    '/store/customers/me',
    {
      ...customerOnly,
      schema: { tags, body: StorePostCustomersCustomerReq, response: { 200: StoreCustomersRes } },
    },
    async (request) => {
      const customerId = requireCustomer(request)
      const customer = await updateCustomer(app.db, customerId, request.body)
      // A new password ends the account's other sessions and tokens; the session making it stays.
      if (request.body.password !== undefined && request.session.get('customer_id') === customerId) {
        setSessionCustomer(request, customer)
      }
      return { customer }
    },
  )

  app.get(
    '/store/customers/me/payment-methods',
    { ...customerOnly, schema: { tags, response: { 200: StoreCustomersListPaymentMethodsRes } } },
    async (request) => ({
      payment_methods: await listPaymentMethods(app.db, requireCustomer(request), app.providers.payment),
    }),
  )

  app.post(
    '/store/customers/me/addresses',
    {
      ...customerOnly,
      schema: { tags, body: StorePostCustomersCustomerAddressesReq, response: { 200: StoreCustomersRes } },
    },
    async (request) => ({
      customer: await addCustomerAddress(app.db, requireCustomer(request), request.body.address),
    }),
  )

  app.post(
    '/store/customers/me/addresses/:address_id',
    {
      ...customerOnly,
      schema: { tags, params: AddressIdParams, body: AddressPayload, response: { 200: StoreCustomersRes } },
    },
    async (request) => ({
      customer: await updateCustomerAddress(app.db, requireCustomer(request), request.params.address_id, request.body),
    }),
  )

  app.delete(
    '/store/customers/me/addresses/:address_id',
    { ...customerOnly, schema: { tags, params: AddressIdParams, response: { 200: StoreCustomersRes } } },
    async (request) => ({
      customer: await deleteCustomerAddress(app.db, requireCustomer(request), request.params.address_id),
    }),
  )

  app.post(
    '/store/customers/password-token',
    { config: limited, schema: { tags, body: StorePostCustomersCustomerPasswordTokenReq } },
    async (request, reply) => {
      await requestCustomerPasswordReset(app.db, request.body.email)
      return reply.status(204).send()
    },
  )

  app.post(
    '/store/customers/password-reset',
    {
      config: limited,
      schema: { tags, body: StorePostCustomersResetPasswordReq, response: { 200: StoreCustomersRes } },
    },
    async (request) => ({ customer: await resetCustomerPassword(app.db, request.body) }),
  )
}
