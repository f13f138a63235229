import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { NotFound } from '../../../core/errors.js'
import { listAnswer } from '../../../core/list.js'
import { cartViewOf } from '../../carts/view.js'
import { AdminOrderFindParams, AdminOrderIdParams, AdminOrdersRes } from '../admin/contract.js'
import { changeThenAnswer as changeAndAnswer, emptyBody, orderEnvOf } from '../admin/answer.js'
import { cancelPartFulfillment, createPartShipment, fulfillPart } from '../claims/fulfillments.js'
import { runWaitingForKey } from '../checkout/routes.js'
import { adminOrderSelection } from '../admin/loader.js'
import { retrieveAdminOrder } from '../admin/service.js'
import { requireShopperOrder } from '../returns/service.js'
import {
  AdminGetSwapsParams,
  AdminPostOrdersOrderSwapsReq,
  AdminPostOrdersSwapFulfillmentsReq,
  AdminPostOrdersSwapShipmentsReq,
  AdminSwapsListRes,
  StorePostSwapsReq,
  SwapCartParams,
  SwapFulfillmentParams,
  SwapIdParams,
  SwapParams,
  SwapRes,
  swapsPaging,
} from './contract.js'
import { SWAP_PART } from './fulfillments.js'
import { loadSwaps, STORE_SWAP_RELATIONS } from './reads.js'
import { cancelSwap, createSwapStages, listSwaps, processSwapPayment, requireSwap, swapOfCart } from './service.js'

/** `/admin/orders/:id/swaps/…` and `/admin/swaps`: a merchant's swaps of an order's items. */
export const adminSwapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Orders']
  const env = orderEnvOf(app)
  const ok = { 200: AdminOrdersRes }

  const changeThenAnswer = (id: string, query: AdminOrderFindParams, change: () => Promise<unknown>) =>
    changeAndAnswer(app.db, id, query, change)

  app.post(
    '/admin/orders/:id/swaps',
    {
      schema: {
        tags,
        params: AdminOrderIdParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersOrderSwapsReq,
        response: ok,
      },
    },
    async (request, reply) => {
      const { id } = request.params
      // Read first: a bad `fields`/`expand` refuses the request before anything changes.
      const selection = adminOrderSelection(request.query, { returnableItems: true })
      return runWaitingForKey(
        app,
        request,
        reply,
        createSwapStages(env, id, request.body, {}, async (db) => ({
          order: await retrieveAdminOrder(db, id, selection),
        })),
      )
    },
  )

  app.post(
    '/admin/orders/:id/swaps/:swap_id/cancel',
    { schema: { tags, params: SwapParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        cancelSwap(app.db, env, request.params.id, request.params.swap_id),
      ),
  )

  app.post(
    '/admin/orders/:id/swaps/:swap_id/fulfillments',
    {
      preValidation: emptyBody,
      schema: {
        tags,
        params: SwapParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersSwapFulfillmentsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        fulfillPart(app.db, env, SWAP_PART, request.params.id, request.params.swap_id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/swaps/:swap_id/fulfillments/:fulfillment_id/cancel',
    { schema: { tags, params: SwapFulfillmentParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        cancelPartFulfillment(
          app.db,
          env,
          SWAP_PART,
          request.params.id,
          request.params.swap_id,
          request.params.fulfillment_id,
        ),
      ),
  )

  app.post(
    '/admin/orders/:id/swaps/:swap_id/shipments',
    {
      schema: {
        tags,
        params: SwapParams,
        querystring: AdminOrderFindParams,
        body: AdminPostOrdersSwapShipmentsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        createPartShipment(app.db, env, SWAP_PART, request.params.id, request.params.swap_id, request.body),
      ),
  )

  app.post(
    '/admin/orders/:id/swaps/:swap_id/process-payment',
    { schema: { tags, params: SwapParams, querystring: AdminOrderFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        processSwapPayment(app.db, env, request.params.id, request.params.swap_id),
      ),
  )

  app.get(
    '/admin/swaps',
    { schema: { tags: ['Swaps'], querystring: AdminGetSwapsParams, response: { 200: AdminSwapsListRes } } },
    async (request) => {
      const page = swapsPaging.page(request.query)
      const { rows, count } = await listSwaps(app.db, page)
      return listAnswer('swaps', rows, count, page)
    },
  )

  app.get(
    '/admin/swaps/:id',
    { schema: { tags: ['Swaps'], params: SwapIdParams, response: { 200: SwapRes } } },
    async (request) => {
      await requireSwap(app.db, request.params.id)
      const [view] = await loadSwaps(app.db, [request.params.id], STORE_SWAP_RELATIONS)
      // The cart with its totals (v1 answers `cart.subtotal`, `cart.total`, …).
      const cart = view.cart_id ? await cartViewOf(app.db, app.config.featureFlags, view.cart_id) : null
      return { swap: { ...view, cart: cart as Record<string, unknown> | null } }
    },
  )
}

/** `POST /store/swaps` and `GET /store/swaps/:cart_id`: a shopper exchanges items of their order. */
export const storeSwapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const env = orderEnvOf(app)
  app.post(
    '/store/swaps',
    { schema: { tags: ['Swaps'], body: StorePostSwapsReq, response: { 200: SwapRes } } },
    async (request, reply) => {
      const { order_id: orderId, return_shipping_option: optionId, ...rest } = request.body
      await requireShopperOrder(app.db, orderId, request.customerId)
      const input = { ...rest, ...(optionId ? { return_shipping: { option_id: optionId } } : {}) }
      return runWaitingForKey(
        app,
        request,
        reply,
        createSwapStages(env, orderId, input, { no_notification: true }, async (db, created) => {
          const [view] = await loadSwaps(db, [created.id], STORE_SWAP_RELATIONS)
          return { swap: view }
        }),
      )
    },
  )

  app.get(
    '/store/swaps/:cart_id',
    { schema: { tags: ['Swaps'], params: SwapCartParams, response: { 200: SwapRes } } },
    async (request) => {
      const row = await swapOfCart(app.db, request.params.cart_id)
      if (!row) throw new NotFound(`Swap with cart_id ${request.params.cart_id} was not found`)
      const [view] = await loadSwaps(app.db, [row.id], STORE_SWAP_RELATIONS)
      return { swap: view }
    },
  )
}
