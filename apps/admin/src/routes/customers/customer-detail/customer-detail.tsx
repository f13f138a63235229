import { useAdminCustomer } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { QueryState } from '../../../components/query-state'
import { CustomerAddresses } from './customer-addresses'
import { CustomerEditForm, type EditableCustomer } from './customer-edit-form'
import { CustomerOrders, type CustomerOrder } from './customer-orders'

/** The relations the page shows; `groups` feeds the group picker of the form. */
const EXPAND = 'orders,shipping_addresses,billing_address,groups'

/** One customer: details and groups (edited together, saved from the unsaved-changes bar), addresses, orders. */
export function CustomerDetail() {
  const { t } = useTranslation('customers')
  const { id = '' } = useParams()
  const { customer, isLoading, error, refetch } = useAdminCustomer(id, { expand: EXPAND })
  return (
    <section>
      <Link to="/a/customers" className="mb-4 inline-block text-sm text-gray-600 hover:text-gray-900">
        ← {t('detail.back')}
      </Link>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {customer && (
          <>
            <CustomerEditForm customer={customer as EditableCustomer} />
            <CustomerAddresses
              billing={customer.billing_address ?? null}
              shipping={customer.shipping_addresses ?? []}
            />
            <CustomerOrders orders={(customer.orders ?? []) as CustomerOrder[]} />
          </>
        )}
      </QueryState>
    </section>
  )
}
