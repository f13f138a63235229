import { useAdminCreateCustomer } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'

interface CustomerValues {
  email: string
  first_name: string
  last_name: string
  password: string
}

const EMPTY: CustomerValues = { email: '', first_name: '', last_name: '', password: '' }

/** Creates a customer account (v1 asks for a name and a password). */
export function CustomerCreateModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean
  onClose: () => void
  onCreated: (id: string) => void
}) {
  const { t } = useTranslation('customers')
  const create = useAdminCreateCustomer()
  const form = useForm<CustomerValues>({ defaultValues: EMPTY })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(EMPTY)
  }, [open, form])
  const required = (value: string) => value.trim() !== '' || t('form.required')
  const save = async (values: CustomerValues) => {
    const { customer } = await create.mutateAsync({
      email: values.email.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      password: values.password,
    })
    onCreated(customer.id)
    return t('form.created', { email: customer.email })
  }
  return (
    <FormModal open={open} onClose={onClose} title={t('form.createTitle')} form={form} onSave={save}>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t('form.firstName')}
          required
          errors={fieldErrors(errors.first_name)}
          {...form.register('first_name', { validate: required })}
        />
        <InputField
          label={t('form.lastName')}
          required
          errors={fieldErrors(errors.last_name)}
          {...form.register('last_name', { validate: required })}
        />
        <InputField
          className="sm:col-span-2"
          type="email"
          label={t('form.email')}
          required
          errors={fieldErrors(errors.email)}
          {...form.register('email', { validate: required })}
        />
        <InputField
          className="sm:col-span-2"
          type="password"
          autoComplete="new-password"
          label={t('form.password')}
          required
          errors={fieldErrors(errors.password)}
          {...form.register('password', { validate: required })}
        />
      </div>
    </FormModal>
  )
}
