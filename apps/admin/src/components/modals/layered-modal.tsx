import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from './modal'
import { useLayeredModal } from './layered-modal-context'

interface LayeredModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  /** The base screen, shown while no screen is pushed. */
  children: ReactNode
}

/**
 * A modal whose screens stack: the top pushed screen shows with its title and a back button; closing
 * the modal clears the stack so it reopens on the base screen. Render inside a LayeredModalProvider.
 */
export function LayeredModal({ open, onClose, title, children }: LayeredModalProps) {
  const { t } = useTranslation('common')
  const { screens, pop, reset } = useLayeredModal()
  const top = screens.at(-1)

  const close = () => {
    reset()
    onClose()
  }
  const back = () => {
    top?.onBack?.()
    pop()
  }

  const heading = top ? (
    <span className="flex items-center gap-2">
      <button
        type="button"
        aria-label={t('actions.back')}
        className="rounded px-1 text-gray-500 hover:bg-gray-100"
        onClick={back}
      >
        ←
      </button>
      {top.title}
    </span>
  ) : (
    title
  )

  return (
    <Modal open={open} onClose={close} title={heading}>
      {top ? top.view : children}
    </Modal>
  )
}
