import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'

interface FocusModalProps {
  open: boolean
  title: ReactNode
  onCancel: () => void
  onSave: () => void
  /** Disables Save changes (nothing changed, or the form is invalid). */
  saveDisabled?: boolean
  saving?: boolean
  children: ReactNode
}

/** A full-screen editor with Cancel and Save changes in its top bar. */
export function FocusModal({ open, title, onCancel, onSave, saveDisabled, saving, children }: FocusModalProps) {
  const { t } = useTranslation('common')
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Content aria-describedby={undefined} className="fixed inset-0 z-50 flex flex-col bg-white">
          <div className="flex items-center justify-between border-b border-gray-200 px-6 py-3">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <div className="flex gap-2">
              <Button onClick={onCancel}>{t('actions.cancel')}</Button>
              <Button variant="primary" onClick={onSave} disabled={saveDisabled} loading={saving}>
                {t('actions.saveChanges')}
              </Button>
            </div>
          </div>
          <div className="flex-1 overflow-y-auto">
            <div className="mx-auto max-w-3xl px-6 py-8">{children}</div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
