import { useAdminCustomerGroups, useAdminUpdateCustomer } from '@emporium/react'
import { useEffect, useMemo } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Combobox } from '../../../components/inputs/combobox'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { PageHeader } from '../../../components/page-header'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { UnsavedChangesBar } from '../../../components/unsaved-changes-bar'
import { useFeedback } from '../../../components/use-feedback'
import { formatDate } from '../../../lib/format-date'
import { customerName } from '../components/customer-name'

export interface EditableCustomer {
  id: string
  email: string
  first_name?: string | null
  last_name?: string | null
  phone?: string | null
  has_account?: boolean
  created_at?: string | Date
  groups?: { id: string; name: string }[]
}

interface CustomerValues {
  first_name: string
  last_name: string
  email: string
  phone: string
  groups: string[]
}

function valuesOf(customer: EditableCustomer): CustomerValues {
  return {
    first_name: customer.first_name ?? '',
    last_name: customer.last_name ?? '',
    email: customer.email,
    phone: customer.phone ?? '',
    groups: (customer.groups ?? []).map((group) => group.id),
  }
}

/**
 * The customer's details and groups as one form. Edits are saved together from the sticky
 * unsaved-changes bar, and leaving the page with unsaved edits asks first.
 */
export function CustomerEditForm({ customer }: { customer: EditableCustomer }) {
  const { t, i18n } = useTranslation('customers')
  const feedback = useFeedback()
  const update = useAdminUpdateCustomer(customer.id)
  const { customer_groups: allGroups = [] } = useAdminCustomerGroups({ limit: 100, order: 'name' })
  const saved = useMemo(() => valuesOf(customer), [customer])
  const form = useForm<CustomerValues>({ defaultValues: saved })
  const { errors, isDirty, isSubmitting } = form.formState
  // A refetched customer (after a save, or edited elsewhere) becomes the saved state.
  useEffect(() => form.reset(saved), [saved, form])

  const groupOptions = useMemo(() => {
    const options = allGroups.map((group) => ({ value: group.id, label: group.name ?? '' }))
    // Groups beyond the first page still show by name.
    for (const group of customer.groups ?? [])
      if (!options.some((option) => option.value === group.id)) options.push({ value: group.id, label: group.name })
    return options
  }, [allGroups, customer.groups])

  const save = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        groups: values.groups.map((id) => ({ id })),
      })
      form.reset(values)
      feedback.success(t('detail.saved'))
    } catch (error) {
      feedback.failure(error)
    }
  })
  const required = (value: string) => value.trim() !== '' || t('form.required')

  return (
    <form onSubmit={save} noValidate aria-label={t('detail.formLabel')}>
      <PageHeader
        title={customerName(customer)}
        description={t('detail.since', { date: formatDate(customer.created_at, i18n.language) })}
        actions={
          customer.has_account ? (
            <StatusBadge tone="success">{t('account.registered')}</StatusBadge>
          ) : (
            <StatusBadge>{t('account.guest')}</StatusBadge>
          )
        }
      />
      <SectionCard title={t('detail.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('form.firstName')}
            errors={fieldErrors(errors.first_name)}
            {...form.register('first_name')}
          />
          <InputField
            label={t('form.lastName')}
            errors={fieldErrors(errors.last_name)}
            {...form.register('last_name')}
          />
          <InputField
            type="email"
            dir="ltr"
            label={t('form.email')}
            required
            errors={fieldErrors(errors.email)}
            {...form.register('email', { validate: required })}
          />
          <InputField type="tel" dir="ltr" label={t('form.phone')} {...form.register('phone')} />
        </div>
      </SectionCard>
      <SectionCard title={t('groups.title')} description={t('detail.groupsHelp')}>
        <Controller
          control={form.control}
          name="groups"
          render={({ field }) => (
            <Combobox
              multiple
              label={t('groups.title')}
              options={groupOptions}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </SectionCard>
      <UnsavedChangesBar
        dirty={isDirty}
        saving={isSubmitting}
        onSave={() => void save()}
        onDiscard={() => form.reset(saved)}
      />
    </form>
  )
}
