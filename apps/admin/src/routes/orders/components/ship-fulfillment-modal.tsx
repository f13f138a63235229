import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'
import { parseTrackingNumbers } from './order-model'

/** Marks a fulfilment (the order's, a claim's or a swap's) shipped with its tracking numbers, one a line. */
export function ShipFulfillmentModal(props: {
  open: boolean
  title: string
  submitLabel: string
  successMessage: string
  /** Sends the shipment; `isPending` while it is under way. */
  ship: (trackingNumbers: string[]) => Promise<unknown>
  isPending: boolean
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const { t: tc } = useTranslation('common')
  const feedback = useFeedback()
  const [tracking, setTracking] = useState('')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await props.ship(parseTrackingNumbers(tracking))
      feedback.success(props.successMessage)
      setTracking('')
      props.onClose()
    } catch (error) {
      feedback.failure(error)
    }
  }
  return (
    <Modal open={props.open} onClose={props.onClose} title={props.title}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={props.title}>
        <Modal.Content>
          <TextareaField
            label={t('fulfillment.trackingNumbers')}
            dir="ltr"
            value={tracking}
            onChange={(event) => setTracking(event.target.value)}
          />
          <p className="mt-1 text-xs text-gray-500">{t('fulfillment.trackingHelp')}</p>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={props.onClose}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={props.isPending}>
            {props.submitLabel}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
