import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useModalMaxHeight } from '../../lib/use-window-height'

interface ModalProps {
  open: boolean
  onClose: () => void
  /** The dialog's accessible title, shown in the header. */
  title: ReactNode
  children: ReactNode
}

/**
 * The element focus goes back to when the next modal closes. A modal opened from a menu item would
 * otherwise lose focus to the page: the item is gone by then, so menus name their trigger here.
 */
let pendingReturnTarget: HTMLElement | null = null

export function returnFocusOnCloseTo(element: HTMLElement | null): void {
  pendingReturnTarget = element
}

/** A centred modal with header, content and footer; its height is capped at the window height − 64. */
export function Modal({ open, onClose, title, children }: ModalProps) {
  const { t } = useTranslation('common')
  const maxHeight = useModalMaxHeight()
  const returnTarget = useRef<HTMLElement | null>(null)
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          style={{ maxHeight }}
          onOpenAutoFocus={() => {
            const active = document.activeElement
            returnTarget.current =
              pendingReturnTarget ?? (active instanceof HTMLElement && active !== document.body ? active : null)
            pendingReturnTarget = null
          }}
          onCloseAutoFocus={(event) => {
            // Back to the button that opened the modal, when it is still on the page.
            const target = returnTarget.current
            if (target?.isConnected) {
              event.preventDefault()
              target.focus()
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[560px] max-w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-6 py-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close aria-label={t('actions.close')} className="text-gray-400 hover:text-gray-700">
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function ModalContent({ children }: { children: ReactNode }) {
  return <div className="flex-1 overflow-y-auto px-6 py-4">{children}</div>
}

function ModalFooter({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-2 border-t border-gray-200 px-6 py-4">{children}</div>
}

Modal.Content = ModalContent
Modal.Footer = ModalFooter
