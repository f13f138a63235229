import { useAdminCreateCustomerGroup, useAdminUpdateCustomerGroup } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'

interface GroupModalProps {
  open: boolean
  onClose: () => void
  /** The group to rename; none to create one. */
  group?: { id: string; name: string }
  onSaved?: (id: string) => void
}

/** Creates a customer group or renames one. */
export function GroupModal({ open, onClose, group, onSaved }: GroupModalProps) {
  const { t } = useTranslation('customers')
  const create = useAdminCreateCustomerGroup()
  const update = useAdminUpdateCustomerGroup(group?.id ?? '')
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } })
  useEffect(() => {
    if (open) form.reset({ name: group?.name ?? '' })
  }, [open, group, form])
  const save = async ({ name }: { name: string }) => {
    const body = { name: name.trim() }
    const { customer_group: saved } = group ? await update.mutateAsync(body) : await create.mutateAsync(body)
    onSaved?.(saved.id)
    return group ? t('groups.renamed') : t('groups.created', { name: saved.name })
  }
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={group ? t('groups.editTitle') : t('groups.createTitle')}
      form={form}
      onSave={save}
    >
      <InputField
        label={t('groups.name')}
        required
        errors={fieldErrors(form.formState.errors.name)}
        {...form.register('name', { validate: (value) => value.trim() !== '' || t('form.required') })}
      />
    </FormModal>
  )
}
