import type { ReactNode } from 'react'
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { Modal } from './modal'
import { useFeedback } from '../use-feedback'

interface FormModalProps<Values extends FieldValues> {
  open: boolean
  onClose: () => void
  /** The modal's title, also the form's accessible name. */
  title: string
  form: UseFormReturn<Values>
  /** Writes the valid values; resolves to the success toast's text. */
  onSave: (values: Values) => Promise<string>
  children: ReactNode
}

/**
 * A create/edit modal: the form's fields, Cancel and Save. Save validates, writes, shows a success
 * toast and closes; a server error shows its message in an error toast and the modal stays open.
 */
export function FormModal<Values extends FieldValues>({
  open,
  onClose,
  title,
  form,
  onSave,
  children,
}: FormModalProps<Values>) {
  const { t } = useTranslation('common')
  const feedback = useFeedback()
  const save = form.handleSubmit(async (values) => {
    try {
      feedback.success(await onSave(values))
      onClose()
    } catch (error) {
      feedback.failure(error)
    }
  })
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <FormProvider {...form}>
        <form onSubmit={save} noValidate aria-label={title}>
          <Modal.Content>{children}</Modal.Content>
          <Modal.Footer>
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
              {t('actions.save')}
            </Button>
          </Modal.Footer>
        </form>
      </FormProvider>
    </Modal>
  )
}
