import { useFeedback } from '../use-feedback'
import { ConfirmDialog } from './confirm-dialog'

/** The write a confirm button runs: a mutation hook's result, or any call with a pending state. */
export interface ConfirmableMutation {
  mutateAsync: () => Promise<unknown>
  isPending: boolean
}

interface ConfirmMutationDialogProps {
  title: string
  message: string
  confirmLabel: string
  mutation: ConfirmableMutation
  /** The success toast's text. */
  successMessage: string
  onClose: () => void
  /** Runs after a successful write, before the dialog closes (e.g. leave a deleted record's page). */
  onSuccess?: () => void
  open?: boolean
}

/**
 * Asks before a write, runs it on confirm, then shows a success toast or the server's error and
 * closes either way.
 */
export function ConfirmMutationDialog({
  title,
  message,
  confirmLabel,
  mutation,
  successMessage,
  onClose,
  onSuccess,
  open = true,
}: ConfirmMutationDialogProps) {
  const feedback = useFeedback()
  const confirm = async () => {
    try {
      await mutation.mutateAsync()
      feedback.success(successMessage)
      onSuccess?.()
    } catch (error) {
      feedback.failure(error)
    } finally {
      onClose()
    }
  }
  return (
    <ConfirmDialog
      open={open}
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
    />
  )
}
