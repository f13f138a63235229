import { useAdminRequestReturn, useAdminReturnReasons, useAdminShippingOptions } from '@emporium/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MoneyInput } from '../../../components/inputs/money-input'
import { NumberInput } from '../../../components/inputs/number-input'
import { SelectField } from '../../../components/inputs/select-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { StepsModal } from '../../../components/modals/steps-modal'
import { StepsProvider, useSteps } from '../../../components/modals/steps-modal-context'
import { useFeedback } from '../../../components/use-feedback'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from '../components/order-model'
import { returnableQuantity, returnItems, type ReturnChoice } from './return-model'

interface Props {
  open: boolean
  order: AdminOrderView
  onClose: () => void
}

/** Requests a return in two steps: the items with their reasons, then return shipping, refund and note. */
export function RequestReturnModal(props: Props) {
  return (
    <StepsProvider stepCount={2}>
      <ReturnSteps {...props} />
    </StepsProvider>
  )
}

function ReturnSteps({ open, order, onClose }: Props) {
  const { t, i18n } = useTranslation('orders')
  const feedback = useFeedback()
  const request = useAdminRequestReturn(order.id)
  const { currentStep, enableNextStep, disableNextStep, reset } = useSteps()
  const { return_reasons: reasons = [] } = useAdminReturnReasons(undefined, { enabled: open })
  const { shipping_options: options = [] } = useAdminShippingOptions(
    { region_id: order.region_id, is_return: true } as never,
    { enabled: open && Boolean(order.region_id) },
  )
  const lines = (order.items ?? []).filter((line) => returnableQuantity(line) > 0)
  const [chosen, setChosen] = useState<Record<string, ReturnChoice>>({})
  const [optionId, setOptionId] = useState('')
  const [refund, setRefund] = useState<number | null>(null)
  const [note, setNote] = useState('')
  const items = returnItems(lines, chosen)
  const currency = order.currency_code ?? 'usd'
  useEffect(
    () => (currentStep === 0 && !items ? disableNextStep() : enableNextStep()),
    [currentStep, items, enableNextStep, disableNextStep],
  )

  const choose = (lineId: string, patch: Partial<ReturnChoice>) =>
    setChosen((current) => ({
      ...current,
      [lineId]: { ...(current[lineId] ?? { quantity: 0, reason_id: '' }), ...patch },
    }))
  const close = () => {
    setChosen({})
    setOptionId('')
    setRefund(null)
    setNote('')
    reset()
    onClose()
  }
  const submit = async () => {
    if (!items) return
    try {
      await request.mutateAsync({
        items,
        ...(optionId ? { return_shipping: { option_id: optionId } } : {}),
        ...(refund !== null ? { refund } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      } as never)
      feedback.success(t('returns.requested'))
      close()
    } catch (error) {
      feedback.failure(error)
    }
  }
  const reasonOptions = [
    { value: '', label: t('returns.noReason') },
    ...reasons.map((reason) => ({ value: reason.id!, label: reason.label ?? reason.value ?? '' })),
  ]
  const itemsStep = (
    <ul className="flex flex-col gap-4" aria-label={t('returns.items')}>
      {lines.map((line) => {
        const choice = chosen[line.id]
        return (
          <li key={line.id} className="flex flex-col gap-2">
            <span className="text-sm">
              <bdi className="font-medium">{line.title}</bdi>
              <span className="block text-xs text-gray-500">
                {t('returns.returnable', { quantity: returnableQuantity(line) })}
              </span>
            </span>
            <div className="flex flex-wrap gap-2">
              <NumberInput
                className="w-32"
                label={t('returns.quantityOf', { item: line.title })}
                min={0}
                max={returnableQuantity(line)}
                value={choice?.quantity ?? 0}
                onChange={(event) => choose(line.id, { quantity: Number(event.target.value) })}
              />
              <SelectField
                className="min-w-40 flex-1"
                label={t('returns.reasonOf', { item: line.title })}
                value={choice?.reason_id ?? ''}
                onChange={(event) => choose(line.id, { reason_id: event.target.value })}
                options={reasonOptions}
              />
            </div>
          </li>
        )
      })}
    </ul>
  )
  const shippingStep = (
    <div className="flex flex-col gap-4">
      <SelectField
        label={t('returns.shipping')}
        value={optionId}
        onChange={(event) => setOptionId(event.target.value)}
        options={[
          { value: '', label: t('returns.noShipping') },
          ...options.map((option) => ({
            value: option.id!,
            label: `${option.name ?? ''}${
              typeof option.amount === 'number' ? ` · ${formatMoney(option.amount, currency, i18n.language)}` : ''
            }`,
          })),
        ]}
      />
      <MoneyInput
        label={t('returns.refund')}
        currencyCode={currency}
        value={refund}
        onChange={setRefund}
        invalidMessage={t('refund.amountInvalid')}
      />
      <p className="text-xs text-gray-500">{t('returns.refundHint')}</p>
      <TextareaField label={t('returns.note')} value={note} onChange={(event) => setNote(event.target.value)} />
    </div>
  )
  return (
    <StepsModal
      open={open}
      onClose={close}
      title={t('returns.requestTitle')}
      steps={[itemsStep, shippingStep]}
      submitting={request.isPending}
      onSubmit={() => void submit()}
    />
  )
}
