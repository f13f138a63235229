import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { MoneyInput } from '../../../components/inputs/money-input'
import { SelectField } from '../../../components/inputs/select-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { Modal } from '../../../components/modals/modal'
import { formatMoney } from '../../../lib/money'
import { REFUND_REASONS } from '../components/order-model'

export interface RefundRequest {
  amount: number
  reason: (typeof REFUND_REASONS)[number]
  note: string
}

interface RefundModalProps {
  open: boolean
  currencyCode: string
  /** The most that may be refunded, in minor units. */
  refundable: number
  onClose: () => void
  /** Gets a valid request; the caller confirms it before sending. */
  onSubmit: (request: RefundRequest) => void
}

/** The refund's amount in the order's currency, its reason and a note. */
export function RefundModal({ open, currencyCode, refundable, onClose, onSubmit }: RefundModalProps) {
  const { t, i18n } = useTranslation('orders')
  const { t: tc } = useTranslation('common')
  const [amount, setAmount] = useState<number | null>(null)
  const [reason, setReason] = useState<RefundRequest['reason']>('other')
  const [note, setNote] = useState('')
  const [error, setError] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (amount === null || amount <= 0) return setError(t('refund.amountRequired'))
    if (amount > refundable)
      return setError(t('refund.tooMuch', { amount: formatMoney(refundable, currencyCode, i18n.language) }))
    setError('')
    onSubmit({ amount, reason, note: note.trim() })
    setAmount(null)
    setNote('')
  }
  return (
    <Modal open={open} onClose={onClose} title={t('refund.title')}>
      <form onSubmit={submit} noValidate aria-label={t('refund.title')}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <p className="text-sm text-gray-600">
              {t('refund.available', { amount: formatMoney(refundable, currencyCode, i18n.language) })}
            </p>
            <MoneyInput
              label={t('refund.amount')}
              currencyCode={currencyCode}
              value={amount}
              onChange={setAmount}
              invalidMessage={t('refund.amountInvalid')}
              required
            />
            {error && (
              <p role="alert" className="text-sm text-rose-700">
                {error}
              </p>
            )}
            <SelectField
              label={t('refund.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value as RefundRequest['reason'])}
              options={REFUND_REASONS.map((value) => ({ value, label: t(`refund.reasons.${value}`) }))}
            />
            <TextareaField label={t('refund.note')} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('refund.continue')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
