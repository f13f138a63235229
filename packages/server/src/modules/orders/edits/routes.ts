import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { requireFlag } from '../../../core/feature-flags.js'
import { emptyBody } from '../admin/answer.js'
import { requireOrder } from '../admin/service.js'
import { editPaymentsOf } from '../seams.js'
import {
  AdminGetOrderEditsParams,
  AdminOrderEditsListRes,
  AdminPostOrderEditsEditLineItemsLineItemReq,
  AdminPostOrderEditsEditLineItemsReq,
  AdminPostOrderEditsEditReq,
  AdminPostOrderEditsReq,
  AdminPostOrderEditsRequestConfirmationReq,
  OrderEditChangeParams,
  OrderEditDeleteRes,
  OrderEditFindParams,
  OrderEditIdParams,
  OrderEditItemParams,
  OrderEditRes,
  OrderItemChangeDeleteRes,
  STORE_ORDER_EDIT_FIELDS,
  StorePostOrderEditsOrderEditDecline,
} from './contract.js'
import {
  addEditItem,
  adminConfirmEdit,
  cancelEdit,
  completeEdit,
  createEdit,
  declineEdit,
  deleteEdit,
  deleteEditChange,
  listEdits,
  removeEditItem,
  requireEdit,
  requestEdit,
  retrieveEdit,
  updateEdit,
  updateEditItem,
  type EditEnv,
} from './service.js'
import { editSelection, type EditSelection } from './view.js'

const envOf = (app: FastifyInstance): EditEnv => ({
  paymentProviders: app.providers.paymentProviders,
  fulfillmentProviders: app.providers.fulfillmentProviders,
  flags: app.config.featureFlags,
  payments: editPaymentsOf(app),
})

/** `/admin/order-edits/…`: a merchant changes an order's lines and asks the customer to accept. */
export const adminOrderEditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Order Edits']
  const flagged = { preValidation: requireFlag(app, 'order_editing') }
  const ok = { 200: OrderEditRes }
  const env = () => envOf(app)

  /** Reads the selection first, so a bad one refuses the request before anything changes. */
  const changeThenAnswer = async (
    id: string | (() => Promise<string>),
    query: OrderEditFindParams,
    change?: () => Promise<unknown>,
  ) => {
    const selection: EditSelection = editSelection(query)
    const target = typeof id === 'string' ? id : await id()
    if (change) await change()
    return { order_edit: await retrieveEdit(app.db, target, selection, env()) }
  }

  app.get(
    '/admin/order-edits',
    { ...flagged, schema: { tags, querystring: AdminGetOrderEditsParams, response: { 200: AdminOrderEditsListRes } } },
    async (request) => listEdits(app.db, request.query, editSelection(request.query), env()),
  )

  app.get(
    '/admin/order-edits/:id',
    { ...flagged, schema: { tags, params: OrderEditIdParams, querystring: OrderEditFindParams, response: ok } },
    async (request) => changeThenAnswer(request.params.id, request.query),
  )

  app.post(
    '/admin/order-edits',
    { ...flagged, schema: { tags, querystring: OrderEditFindParams, body: AdminPostOrderEditsReq, response: ok } },
    async (request) => changeThenAnswer(() => createEdit(app.db, request.body, request.userId!), request.query),
  )

  app.post(
    '/admin/order-edits/:id',
    {
      ...flagged,
      schema: {
        tags,
        params: OrderEditIdParams,
        querystring: OrderEditFindParams,
        body: AdminPostOrderEditsEditReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () => updateEdit(app.db, request.params.id, request.body)),
  )

  app.delete(
    '/admin/order-edits/:id',
    { ...flagged, schema: { tags, params: OrderEditIdParams, response: { 200: OrderEditDeleteRes } } },
    async (request) => {
      await deleteEdit(app.db, request.params.id)
      return { id: request.params.id, object: 'order_edit' as const, deleted: true }
    },
  )

  app.post(
    '/admin/order-edits/:id/items',
    {
      ...flagged,
      schema: {
        tags,
        params: OrderEditIdParams,
        querystring: OrderEditFindParams,
        body: AdminPostOrderEditsEditLineItemsReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        addEditItem(app.db, env(), request.params.id, request.body),
      ),
  )

  app.post(
    '/admin/order-edits/:id/items/:item_id',
    {
      ...flagged,
      schema: {
        tags,
        params: OrderEditItemParams,
        querystring: OrderEditFindParams,
        body: AdminPostOrderEditsEditLineItemsLineItemReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        updateEditItem(app.db, request.params.id, request.params.item_id, request.body.quantity),
      ),
  )

  app.delete(
    '/admin/order-edits/:id/items/:item_id',
    { ...flagged, schema: { tags, params: OrderEditItemParams, querystring: OrderEditFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        removeEditItem(app.db, request.params.id, request.params.item_id),
      ),
  )

  app.delete(
    '/admin/order-edits/:id/changes/:change_id',
    { ...flagged, schema: { tags, params: OrderEditChangeParams, response: { 200: OrderItemChangeDeleteRes } } },
    async (request) => {
      await deleteEditChange(app.db, request.params.id, request.params.change_id)
      return { id: request.params.change_id, object: 'item_change' as const, deleted: true }
    },
  )

  app.post(
    '/admin/order-edits/:id/request',
    {
      preValidation: [flagged.preValidation, emptyBody],
      schema: {
        tags,
        params: OrderEditIdParams,
        querystring: OrderEditFindParams,
        body: AdminPostOrderEditsRequestConfirmationReq,
        response: ok,
      },
    },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        requestEdit(app.db, env(), request.params.id, request.userId!, request.body?.payment_collection_description),
      ),
  )

  app.post(
    '/admin/order-edits/:id/cancel',
    { ...flagged, schema: { tags, params: OrderEditIdParams, querystring: OrderEditFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () => cancelEdit(app.db, request.params.id, request.userId!)),
  )

  app.post(
    '/admin/order-edits/:id/confirm',
    { ...flagged, schema: { tags, params: OrderEditIdParams, querystring: OrderEditFindParams, response: ok } },
    async (request) =>
      changeThenAnswer(request.params.id, request.query, () =>
        adminConfirmEdit(app.db, env(), request.params.id, request.userId!),
      ),
  )
}

/** `/store/order-edits/…`: the customer reads a requested edit, declines it or accepts (completes) it. */
export const storeOrderEditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['Order Edits']
  const flagged = { preValidation: requireFlag(app, 'order_editing') }
  const ok = { 200: OrderEditRes }
  const env = () => envOf(app)

  const answer = async (id: string, query: OrderEditFindParams, change?: () => Promise<unknown>) => {
    const selection = editSelection(query, STORE_ORDER_EDIT_FIELDS)
    if (change) await change()
    const view = await retrieveEdit(app.db, id, selection, env())
    // Staff-only columns never reach the store, whatever `fields` says.
    for (const key of ['internal_note', 'created_by', 'confirmed_by', 'canceled_by'])
      delete (view as Record<string, unknown>)[key]
    return { order_edit: view }
  }

  app.get(
    '/store/order-edits/:id',
    { ...flagged, schema: { tags, params: OrderEditIdParams, querystring: OrderEditFindParams, response: ok } },
    async (request) => answer(request.params.id, request.query),
  )

  app.post(
    '/store/order-edits/:id/decline',
    {
      preValidation: [flagged.preValidation, emptyBody],
      schema: { tags, params: OrderEditIdParams, body: StorePostOrderEditsOrderEditDecline, response: ok },
    },
    async (request) =>
      answer(request.params.id, {}, async () => {
        const declinedBy = request.customerId ?? (await customerOfEdit(app, request.params.id))
        await declineEdit(app.db, request.params.id, declinedBy, request.body?.declined_reason)
      }),
  )

  app.post(
    '/store/order-edits/:id/complete',
    { ...flagged, schema: { tags, params: OrderEditIdParams, response: ok } },
    async (request) =>
      answer(request.params.id, {}, () => completeEdit(app.db, env(), request.params.id, request.customerId)),
  )
}

/** Who declines when no customer is signed in: the order's customer, whom the edit was sent to. */
async function customerOfEdit(app: FastifyInstance, id: string): Promise<string> {
  const edit = await requireEdit(app.db, id)
  return (await requireOrder(app.db, edit.order_id)).customer_id
}
