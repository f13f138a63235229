import { DeleteResponse } from '../../../core/schemas.js'
import { PaymentCollectionRes, PaymentSessionRes } from '../../../modules/payment-collections/contract.js'
import type { RouteTable } from '../client.js'

export const paymentCollectionsRoutes = {
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
} as const satisfies RouteTable
