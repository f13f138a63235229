import { useAdminCreateStockLocation, useAdminUpdateStockLocation } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'

/** Creates a stock location or renames one. */
export function LocationModal({
  open,
  onClose,
  location,
}: {
  open: boolean
  onClose: () => void
  location?: { id: string; name: string }
}) {
  const { t } = useTranslation('inventory')
  const create = useAdminCreateStockLocation()
  const update = useAdminUpdateStockLocation(location?.id ?? '')
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } })
  useEffect(() => {
    if (open) form.reset({ name: location?.name ?? '' })
  }, [open, location, form])
  const save = async ({ name }: { name: string }) => {
    const body = { name: name.trim() }
    if (location) await update.mutateAsync(body)
    else await create.mutateAsync(body)
    return location ? t('locations.renamed') : t('locations.created', { name: body.name })
  }
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={location ? t('locations.editTitle') : t('locations.createTitle')}
      form={form}
      onSave={save}
    >
      <InputField
        label={t('locations.name')}
        required
        errors={fieldErrors(form.formState.errors.name)}
        {...form.register('name', { validate: (value) => value.trim() !== '' || t('locations.nameRequired') })}
      />
    </FormModal>
  )
}
