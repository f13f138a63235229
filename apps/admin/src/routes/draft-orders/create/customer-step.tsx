import { useAdminCustomers } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Combobox } from '../../../components/inputs/combobox'
import { InputField } from '../../../components/inputs/input-field'
import { SelectField } from '../../../components/inputs/select-field'
import type { DraftRegion, StepProps } from './create-draft-order-modal'

/** Who the order is for (an existing customer, or only an e-mail) and the region it is priced in. */
export function CustomerStep({ form, change, regions }: StepProps & { regions: DraftRegion[] }) {
  const { t } = useTranslation('draft-orders')
  const [search, setSearch] = useState('')
  const { customers = [] } = useAdminCustomers({ limit: 10, ...(search ? { q: search } : {}) })
  const options = customers.map((customer) => ({
    value: customer.id!,
    label: [customer.first_name, customer.last_name, customer.email].filter(Boolean).join(' '),
  }))
  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-medium">{t('steps.customer')}</h3>
      <Combobox
        label={t('customer.existing')}
        options={options}
        value={form.customer_id}
        onSearchChange={setSearch}
        onChange={(id) => {
          const customer = customers.find((candidate) => candidate.id === id)
          change({ customer_id: id, ...(customer?.email ? { email: customer.email } : {}) })
        }}
      />
      <InputField
        label={t('customer.email')}
        type="email"
        required
        value={form.email}
        onChange={(event) => change({ email: event.target.value, customer_id: null })}
      />
      <SelectField
        label={t('customer.region')}
        required
        value={form.region_id}
        onChange={(event) => change({ region_id: event.target.value, shipping_option_id: '' })}
        options={regions.map((region) => ({ value: region.id, label: region.name }))}
      />
    </div>
  )
}
