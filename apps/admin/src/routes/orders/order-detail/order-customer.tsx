import { useAdminUpdateOrder } from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'
import { SectionCard } from '../../../components/section-card'
import { addressName, type AdminOrderView, type OrderAddress } from '../components/order-model'

type Editing = 'email' | 'shipping_address' | 'billing_address'

/** The customer's e-mail and the order's addresses, each editable in a modal. */
export function OrderCustomer({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders')
  const [editing, setEditing] = useState<Editing | null>(null)
  return (
    <SectionCard title={t('customer.title')}>
      <div className="flex flex-col gap-4 text-sm">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold text-gray-600 uppercase">{t('customer.email')}</p>
            <bdi dir="ltr" className="break-all">
              {order.email}
            </bdi>
          </div>
          <Button variant="ghost" onClick={() => setEditing('email')} aria-label={t('customer.editEmail')}>
            {t('customer.edit')}
          </Button>
        </div>
        <AddressBlock
          label={t('customer.shipping')}
          editLabel={t('customer.editShipping')}
          address={order.shipping_address}
          onEdit={() => setEditing('shipping_address')}
        />
        <AddressBlock
          label={t('customer.billing')}
          editLabel={t('customer.editBilling')}
          address={order.billing_address}
          onEdit={() => setEditing('billing_address')}
        />
      </div>
      {editing === 'email' && <EmailModal order={order} onClose={() => setEditing(null)} />}
      {(editing === 'shipping_address' || editing === 'billing_address') && (
        <AddressModal order={order} field={editing} onClose={() => setEditing(null)} />
      )}
    </SectionCard>
  )
}

function AddressBlock({
  label,
  editLabel,
  address,
  onEdit,
}: {
  label: string
  editLabel: string
  address: OrderAddress | null | undefined
  onEdit: () => void
}) {
  const { t } = useTranslation('orders')
  const lines = address
    ? [
        address.company,
        addressName(address),
        address.address_1,
        address.address_2,
        [address.postal_code, address.city].filter(Boolean).join(' '),
        [address.province, address.country_code?.toUpperCase()].filter(Boolean).join(', '),
        address.phone,
      ].filter((line): line is string => Boolean(line))
    : []
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="text-xs font-semibold text-gray-600 uppercase">{label}</p>
        {lines.length === 0 ? (
          <p className="text-gray-500">{t('customer.noAddress')}</p>
        ) : (
          <address className="not-italic">
            {lines.map((line, index) => (
              <bdi key={index} className="block">
                {line}
              </bdi>
            ))}
          </address>
        )}
      </div>
      <Button variant="ghost" onClick={onEdit} aria-label={editLabel}>
        {t('customer.edit')}
      </Button>
    </div>
  )
}

function EmailModal({ order, onClose }: { order: AdminOrderView; onClose: () => void }) {
  const { t } = useTranslation('orders')
  const update = useAdminUpdateOrder(order.id)
  const form = useForm({ defaultValues: { email: order.email ?? '' } })
  return (
    <FormModal
      open
      onClose={onClose}
      title={t('customer.editEmail')}
      form={form}
      onSave={async ({ email }) => {
        await update.mutateAsync({ email: email.trim() })
        return t('customer.saved')
      }}
    >
      <InputField
        type="email"
        dir="ltr"
        required
        label={t('customer.email')}
        errors={fieldErrors(form.formState.errors.email)}
        {...form.register('email', {
          validate: (value) => /^\S+@\S+\.\S+$/.test(value.trim()) || t('customer.emailInvalid'),
        })}
      />
    </FormModal>
  )
}

const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'postal_code',
  'province',
  'country_code',
  'phone',
] as const
type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>

function AddressModal({
  order,
  field,
  onClose,
}: {
  order: AdminOrderView
  field: 'shipping_address' | 'billing_address'
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const update = useAdminUpdateOrder(order.id)
  const current = order[field] ?? {}
  const form = useForm<AddressValues>({
    defaultValues: Object.fromEntries(ADDRESS_FIELDS.map((key) => [key, current[key] ?? ''])) as AddressValues,
  })
  const required = (value: string) => value.trim() !== '' || t('customer.required')
  return (
    <FormModal
      open
      onClose={onClose}
      title={field === 'shipping_address' ? t('customer.editShipping') : t('customer.editBilling')}
      form={form}
      onSave={async (values) => {
        // An emptied field clears the value on the server.
        const address = Object.fromEntries(
          ADDRESS_FIELDS.map((key) => {
            const value = values[key].trim()
            return [key, value === '' ? null : key === 'country_code' ? value.toLowerCase() : value]
          }),
        )
        await update.mutateAsync({ [field]: address })
        return t('customer.saved')
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((key) => (
          <InputField
            key={key}
            label={t(`address.${key}`)}
            required={key === 'address_1' || key === 'city' || key === 'country_code'}
            errors={fieldErrors(form.formState.errors[key])}
            {...form.register(
              key,
              key === 'address_1' || key === 'city' || key === 'country_code' ? { validate: required } : {},
            )}
          />
        ))}
      </div>
    </FormModal>
  )
}
