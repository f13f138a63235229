import type { Db } from '../../db/types.js'
import {
  createPaymentCollection,
  type CreatePaymentCollectionInput,
  type PaymentCollectionRow,
} from '../../modules/payment-collections/service.js'

/** An order-edit collection in `not_paid`, for 1000 minor units of the region's currency unless given. */
export async function makePaymentCollection(
  db: Db,
  region: { id: string; currency_code: string },
  overrides: Partial<CreatePaymentCollectionInput> = {},
): Promise<PaymentCollectionRow> {
  return createPaymentCollection(db, {
    type: 'order_edit',
    amount: 1000,
    region_id: region.id,
    currency_code: region.currency_code,
    created_by: 'usr_test',
    ...overrides,
  })
}
