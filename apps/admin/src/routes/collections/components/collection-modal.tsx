import { useAdminCreateCollection, useAdminUpdateCollection } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { FormModal } from '../../../components/modals/form-modal'
import { isValidHandle } from '../../../lib/handle'

interface CollectionValues {
  title: string
  handle: string
}

interface CollectionModalProps {
  open: boolean
  onClose: () => void
  /** The collection to edit; none to create one. */
  collection?: { id?: string; title?: string; handle?: string | null }
  onSaved?: (id: string) => void
}

/** Creates or edits a collection's title and handle. */
export function CollectionModal({ open, onClose, collection, onSaved }: CollectionModalProps) {
  const { t } = useTranslation('collections')
  const create = useAdminCreateCollection()
  const update = useAdminUpdateCollection(collection?.id ?? '')
  const form = useForm<CollectionValues>({ defaultValues: { title: '', handle: '' } })
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset({ title: collection?.title ?? '', handle: collection?.handle ?? '' })
  }, [open, collection, form])

  const save = async (values: CollectionValues) => {
    const body = { title: values.title.trim(), ...(values.handle.trim() ? { handle: values.handle.trim() } : {}) }
    const { collection: saved } = collection ? await update.mutateAsync(body) : await create.mutateAsync(body)
    onSaved?.(saved.id)
    return collection ? t('form.updated') : t('form.created', { title: saved.title })
  }

  return (
    <FormModal
      open={open}
      onClose={onClose}
      title={collection ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      onSave={save}
    >
      <div className="flex flex-col gap-4">
        <InputField
          label={t('form.title')}
          required
          errors={fieldErrors(errors.title)}
          {...form.register('title', { validate: (value) => value.trim() !== '' || t('form.titleRequired') })}
        />
        <InputField
          label={t('form.handle')}
          errors={fieldErrors(errors.handle)}
          {...form.register('handle', {
            validate: (value) => isValidHandle(value) || t('form.handleFormat'),
          })}
        />
      </div>
    </FormModal>
  )
}
