import { useAdminReceiveReturn } from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { MoneyInput } from '../../../components/inputs/money-input'
import { NumberInput } from '../../../components/inputs/number-input'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'
import type { AdminOrderView, OrderReturn } from '../components/order-model'
import { receiptItems } from './return-model'

/** Receives a return: how many of each item arrived (all asked, to start with) and the refund. */
export function ReceiveReturnModal({
  order,
  orderReturn,
  onClose,
}: {
  order: AdminOrderView
  orderReturn: OrderReturn
  onClose: () => void
}) {
  const { t } = useTranslation('orders')
  const { t: tc } = useTranslation('common')
  const feedback = useFeedback()
  const receive = useAdminReceiveReturn(orderReturn.id)
  const requested = orderReturn.items ?? []
  const [typed, setTyped] = useState<Record<string, number>>({})
  const [refund, setRefund] = useState<number | null>(orderReturn.refund_amount)
  const [error, setError] = useState('')
  const titleOf = (itemId: string) => order.items?.find((line) => line.id === itemId)?.title ?? itemId
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const items = receiptItems(requested, typed)
    if (!items) return setError(t('returns.chooseItems'))
    setError('')
    try {
      await receive.mutateAsync({ items, ...(refund !== null ? { refund } : {}) })
      feedback.success(t('returns.received'))
      onClose()
    } catch (failure) {
      feedback.failure(failure)
    }
  }
  return (
    <Modal open onClose={onClose} title={t('returns.receiveTitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('returns.receiveTitle')}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-3">
              {requested.map((item) => (
                <li key={item.item_id} className="flex flex-wrap items-end justify-between gap-2">
                  <bdi className="min-w-0 text-sm font-medium">{titleOf(item.item_id)}</bdi>
                  <NumberInput
                    className="w-36"
                    label={t('returns.receivedOf', { item: titleOf(item.item_id) })}
                    min={0}
                    max={item.quantity}
                    value={typed[item.item_id] ?? item.quantity}
                    onChange={(event) => setTyped({ ...typed, [item.item_id]: Number(event.target.value) })}
                  />
                </li>
              ))}
            </ul>
            <MoneyInput
              label={t('returns.refund')}
              currencyCode={order.currency_code ?? 'usd'}
              value={refund}
              onChange={setRefund}
              invalidMessage={t('refund.amountInvalid')}
            />
            {error && (
              <p role="alert" className="text-sm text-rose-700">
                {error}
              </p>
            )}
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={receive.isPending}>
            {t('returns.receive')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
