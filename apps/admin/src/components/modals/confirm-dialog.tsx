import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { Modal } from './modal'

interface ConfirmDialogProps {
  open: boolean
  title: string
  message: string
  confirmLabel: string
  onConfirm: () => void
  onClose: () => void
  busy?: boolean
}

/** Asks before a destructive action; the action runs only on the explicit confirm button. */
export function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onClose, busy }: ConfirmDialogProps) {
  const { t } = useTranslation('common')
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <Modal.Content>
        <p className="text-sm text-gray-700">{message}</p>
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="danger" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
