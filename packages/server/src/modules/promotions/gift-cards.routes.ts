import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DeleteResponse, IdParams } from '../../core/schemas.js'
import {
  AdminGetGiftCardsParams,
  AdminGiftCardsListRes,
  AdminGiftCardsRes,
  AdminPostGiftCardsGiftCardReq,
  AdminPostGiftCardsReq,
  GiftCardCodeParams,
  StoreGiftCardsRes,
} from './gift-cards-contract.js'
import {
  createGiftCard,
  deleteGiftCard,
  listGiftCards,
  retrieveGiftCard,
  retrieveGiftCardByCode,
  updateGiftCard,
} from './gift-cards.js'

/** The 5 admin gift-card routes (reference/admin-api.md, Gift cards). */
export const adminGiftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Gift Cards']

  app.get(
    '/admin/gift-cards',
    { schema: { tags, querystring: AdminGetGiftCardsParams, response: { 200: AdminGiftCardsListRes } } },
    async (request) => listGiftCards(app.db, request.query),
  )

  app.post(
    '/admin/gift-cards',
    { schema: { tags, body: AdminPostGiftCardsReq, response: { 200: AdminGiftCardsRes } } },
    async (request) => {
      const created = await createGiftCard(app.db, request.body)
      return { gift_card: await retrieveGiftCard(app.db, created.id) }
    },
  )

  app.get(
    '/admin/gift-cards/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminGiftCardsRes } } },
    async (request) => ({ gift_card: await retrieveGiftCard(app.db, request.params.id) }),
  )

  app.post(
    '/admin/gift-cards/:id',
    { schema: { tags, params: IdParams, body: AdminPostGiftCardsGiftCardReq, response: { 200: AdminGiftCardsRes } } },
    async (request) => ({ gift_card: await updateGiftCard(app.db, request.params.id, request.body) }),
  )

  app.delete(
    '/admin/gift-cards/:id',
    { schema: { tags, params: IdParams, response: { 200: DeleteResponse } } },
    async (request) => {
      await deleteGiftCard(app.db, request.params.id)
      return { id: request.params.id, object: 'gift-card', deleted: true }
    },
  )
}

/** `GET /store/gift-cards/:code`. */
export const storeGiftCardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/store/gift-cards/:code',
    { schema: { tags: ['Gift Cards'], params: GiftCardCodeParams, response: { 200: StoreGiftCardsRes } } },
    async (request) => ({ gift_card: await retrieveGiftCardByCode(app.db, request.params.code) }),
  )
}
