import { DeleteResponse } from '../../../core/schemas.js'
import { PaymentCollectionRes, PaymentSessionRes } from '../../../modules/payment-collections/contract.js'

/** The schemas by name, so that declarations stay small. */
export type PaymentCollectionsRoutes = {
  'DELETE /admin/payment-collections/:id': typeof DeleteResponse
  'GET /admin/payment-collections/:id': typeof PaymentCollectionRes
  'POST /admin/payment-collections/:id': typeof PaymentCollectionRes
  'POST /admin/payment-collections/:id/authorize': typeof PaymentCollectionRes
  'GET /store/payment-collections/:id': typeof PaymentCollectionRes
  'POST /store/payment-collections/:id/sessions': typeof PaymentCollectionRes
  'POST /store/payment-collections/:id/sessions/:session_id': typeof PaymentSessionRes
  'POST /store/payment-collections/:id/sessions/:session_id/authorize': typeof PaymentSessionRes
  'POST /store/payment-collections/:id/sessions/batch': typeof PaymentCollectionRes
  'POST /store/payment-collections/:id/sessions/batch/authorize': typeof PaymentCollectionRes
}

export const paymentCollectionsRoutes: PaymentCollectionsRoutes = {
  'DELETE /admin/payment-collections/:id': DeleteResponse,
  'GET /admin/payment-collections/:id': PaymentCollectionRes,
  'POST /admin/payment-collections/:id': PaymentCollectionRes,
  'POST /admin/payment-collections/:id/authorize': PaymentCollectionRes,
  'GET /store/payment-collections/:id': PaymentCollectionRes,
  'POST /store/payment-collections/:id/sessions': PaymentCollectionRes,
  'POST /store/payment-collections/:id/sessions/:session_id': PaymentSessionRes,
  'POST /store/payment-collections/:id/sessions/:session_id/authorize': PaymentSessionRes,
  'POST /store/payment-collections/:id/sessions/batch': PaymentCollectionRes,
  'POST /store/payment-collections/:id/sessions/batch/authorize': PaymentCollectionRes,
}
