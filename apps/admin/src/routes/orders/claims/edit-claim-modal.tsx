import { useAdminShippingOptions, useAdminUpdateClaim } from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { CheckboxField } from '../../../components/inputs/checkbox-field'
import { InputField } from '../../../components/inputs/input-field'
import { SelectField } from '../../../components/inputs/select-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { Modal } from '../../../components/modals/modal'
import { useFeedback } from '../../../components/use-feedback'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from '../components/order-model'
import {
  CLAIM_REASONS,
  claimActions,
  claimEditForm,
  claimUpdate,
  type ClaimEditForm,
  type ClaimItemEdit,
  type OrderClaim,
} from './claim-model'

interface Props {
  order: AdminOrderView
  claim: OrderClaim
  number: number
  onClose: () => void
}

/** Edits a claim after creation: its items' reason, note and tags, the notification flag, shipping. */
export function EditClaimModal({ order, claim, number, onClose }: Props) {
  const { t, i18n } = useTranslation('orders')
  const { t: tc } = useTranslation('common')
  const feedback = useFeedback()
  const update = useAdminUpdateClaim(order.id)
  const [form, setForm] = useState<ClaimEditForm>(() => claimEditForm(claim))
  const addShipping = claimActions(claim).addShipping
  const { shipping_options: options = [] } = useAdminShippingOptions(
    { region_id: order.region_id, is_return: false } as never,
    { enabled: addShipping && Boolean(order.region_id) },
  )
  const titleOf = (itemId: string) =>
    claim.claim_items?.find((item) => item.id === itemId)?.item?.title ??
    order.items?.find((line) => line.id === claim.claim_items?.find((item) => item.id === itemId)?.item_id)?.title ??
    itemId
  const changeItem = (id: string, patch: Partial<ClaimItemEdit>) =>
    setForm((current) => ({
      ...current,
      items: current.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
    }))
  const body = claimUpdate(claim, form)
  const changed = Object.keys(body).length > 0
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!changed) return
    try {
      await update.mutateAsync({ claim_id: claim.id, ...body } as never)
      feedback.success(t('claims.updated'))
      onClose()
    } catch (error) {
      feedback.failure(error)
    }
  }
  const title = t('claims.editTitle', { number })
  const currency = order.currency_code ?? 'usd'
  return (
    <Modal open onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col gap-4" aria-label={t('claims.items')}>
              {form.items.map((item) => (
                <li key={item.id} className="flex flex-col gap-2">
                  <bdi className="text-sm font-medium">{titleOf(item.id)}</bdi>
                  <SelectField
                    label={t('claims.reasonOf', { item: titleOf(item.id) })}
                    value={item.reason}
                    onChange={(event) => changeItem(item.id, { reason: event.target.value as ClaimItemEdit['reason'] })}
                    options={CLAIM_REASONS.map((reason) => ({ value: reason, label: t(`claims.reason.${reason}`) }))}
                  />
                  <TextareaField
                    label={t('claims.noteOf', { item: titleOf(item.id) })}
                    value={item.note}
                    onChange={(event) => changeItem(item.id, { note: event.target.value })}
                  />
                  <InputField
                    label={t('claims.tagsOf', { item: titleOf(item.id) })}
                    value={item.tags}
                    onChange={(event) => changeItem(item.id, { tags: event.target.value })}
                  />
                  <p className="-mt-1 text-xs text-gray-500">{t('claims.tagsHelp')}</p>
                </li>
              ))}
            </ul>
            {addShipping && (
              <SelectField
                label={t('claims.addShipping')}
                value={form.shippingOptionId}
                onChange={(event) => setForm((current) => ({ ...current, shippingOptionId: event.target.value }))}
                options={[
                  { value: '', label: t('claims.noNewShipping') },
                  ...options.map((option) => ({
                    value: option.id!,
                    label: `${option.name ?? ''}${
                      typeof option.amount === 'number'
                        ? ` · ${formatMoney(option.amount, currency, i18n.language)}`
                        : ''
                    }`,
                  })),
                ]}
              />
            )}
            <CheckboxField
              label={t('claims.noNotification')}
              checked={form.noNotification}
              onChange={(event) => setForm((current) => ({ ...current, noNotification: event.target.checked }))}
            />
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={onClose}>{tc('actions.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!changed} loading={update.isPending}>
            {tc('actions.save')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
