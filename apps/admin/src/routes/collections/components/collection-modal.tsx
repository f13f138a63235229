import { useAdminCreateCollection, useAdminUpdateCollection } from '@emporium/react'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../shared/use-feedback'

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
  const feedback = useFeedback()
  const create = useAdminCreateCollection()
  const update = useAdminUpdateCollection(collection?.id ?? '')
  const form = useForm<CollectionValues>({ defaultValues: { title: '', handle: '' } })
  const { errors } = form.formState

  useEffect(() => {
    if (open) form.reset({ title: collection?.title ?? '', handle: collection?.handle ?? '' })
  }, [open, collection, form])

  const save = form.handleSubmit(async (values) => {
    const body = { title: values.title.trim(), ...(values.handle.trim() ? { handle: values.handle.trim() } : {}) }
    try {
      const { collection: saved } = collection ? await update.mutateAsync(body) : await create.mutateAsync(body)
      feedback.success(collection ? t('form.updated') : t('form.created', { title: saved.title }))
      onClose()
      onSaved?.(saved.id!)
    } catch (error) {
      feedback.failure(error)
    }
  })

  const title = collection ? t('form.editTitle') : t('form.createTitle')
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form onSubmit={save} noValidate aria-label={title}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <InputField
              label={t('form.title')}
              required
              errors={errors.title?.message ? [errors.title.message] : []}
              {...form.register('title', { validate: (value) => value.trim() !== '' || t('form.titleRequired') })}
            />
            <InputField
              label={t('form.handle')}
              errors={errors.handle?.message ? [errors.handle.message] : []}
              {...form.register('handle', {
                validate: (value) => /^[a-z0-9-]*$/.test(value.trim()) || t('form.handleFormat'),
              })}
            />
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={create.isPending || update.isPending}>
            {t('actions.save')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
