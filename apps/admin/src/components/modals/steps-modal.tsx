import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../button'
import { Modal } from './modal'
import { useSteps } from './steps-modal-context'

interface StepsModalProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  steps: readonly ReactNode[]
  onSubmit: () => void
  submitting?: boolean
}

/**
 * A modal that walks through steps: 'Step N of M', Back and Next, and Submit on the last step.
 * Render inside a StepsProvider whose stepCount is steps.length; closing resets to the first step.
 */
export function StepsModal({ open, onClose, title, steps, onSubmit, submitting }: StepsModalProps) {
  const { t } = useTranslation('common')
  const { currentStep, nextStepEnabled, nextStep, previousStep, reset } = useSteps()
  const last = currentStep === steps.length - 1

  const close = () => {
    reset()
    onClose()
  }

  return (
    <Modal open={open} onClose={close} title={title}>
      <Modal.Content>
        <p className="mb-4 text-xs text-gray-500">
          {t('modals.stepOf', { current: currentStep + 1, total: steps.length })}
        </p>
        {steps[currentStep]}
      </Modal.Content>
      <Modal.Footer>
        <Button onClick={previousStep} disabled={currentStep === 0}>
          {t('actions.back')}
        </Button>
        {last ? (
          <Button variant="primary" onClick={onSubmit} disabled={!nextStepEnabled} loading={submitting}>
            {t('actions.submit')}
          </Button>
        ) : (
          <Button variant="primary" onClick={nextStep} disabled={!nextStepEnabled}>
            {t('actions.next')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  )
}
