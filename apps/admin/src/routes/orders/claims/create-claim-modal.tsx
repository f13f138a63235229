import { useAdminCreateClaim, useAdminShippingOptions, useAdminVariants } from '@emporium/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Combobox } from '../../../components/inputs/combobox'
import { MoneyInput } from '../../../components/inputs/money-input'
import { NumberInput } from '../../../components/inputs/number-input'
import { SelectField } from '../../../components/inputs/select-field'
import { TextareaField } from '../../../components/inputs/textarea-field'
import { StepsModal } from '../../../components/modals/steps-modal'
import { StepsProvider, useSteps } from '../../../components/modals/steps-modal-context'
import { useFeedback } from '../../../components/use-feedback'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from '../components/order-model'
import {
  addReplacement,
  CLAIM_REASONS,
  claimableQuantity,
  claimItems,
  claimTerms,
  orderClaims,
  type ClaimChoice,
  type ClaimForm,
} from './claim-model'

interface Props {
  open: boolean
  order: AdminOrderView
  onClose: () => void
}

interface VariantOption {
  id: string
  title?: string | null
  sku?: string | null
  product?: { title?: string | null } | null
}

const EMPTY_FORM: ClaimForm = {
  type: 'refund',
  refund: null,
  replacements: [],
  returnOptionId: '',
  shippingOptionId: '',
}

function variantTitle(variant: VariantOption): string {
  return [variant.product?.title, variant.title].filter(Boolean).join(' / ') || variant.id
}

/** Creates a claim in two steps: the claimed items with reasons, then refund or replacement. */
export function CreateClaimModal(props: Props) {
  return (
    <StepsProvider stepCount={2}>
      <ClaimSteps {...props} />
    </StepsProvider>
  )
}

function ClaimSteps({ open, order, onClose }: Props) {
  const { t, i18n } = useTranslation('orders')
  const feedback = useFeedback()
  const create = useAdminCreateClaim(order.id)
  const { currentStep, enableNextStep, disableNextStep, reset } = useSteps()
  const claims = orderClaims(order)
  const lines = (order.items ?? []).filter((line) => claimableQuantity(line, claims) > 0)
  const [chosen, setChosen] = useState<Record<string, ClaimChoice>>({})
  const [note, setNote] = useState('')
  const [form, setForm] = useState<ClaimForm>(EMPTY_FORM)
  const [search, setSearch] = useState('')
  const { shipping_options: options = [] } = useAdminShippingOptions({ region_id: order.region_id } as never, {
    enabled: open && Boolean(order.region_id),
  })
  const { variants = [] } = useAdminVariants({ limit: 10, ...(search ? { q: search } : {}) } as never, {
    enabled: open && form.type === 'replace',
  })
  const found = variants as VariantOption[]
  const items = claimItems(lines, claims, chosen, note)
  const terms = claimTerms(form)
  const currency = order.currency_code ?? 'usd'
  useEffect(
    () => ((currentStep === 0 ? items : terms) ? enableNextStep() : disableNextStep()),
    [currentStep, items, terms, enableNextStep, disableNextStep],
  )

  const change = (patch: Partial<ClaimForm>) => setForm((current) => ({ ...current, ...patch }))
  const choose = (lineId: string, patch: Partial<ClaimChoice>) =>
    setChosen((current) => ({
      ...current,
      [lineId]: { ...(current[lineId] ?? { quantity: 0, reason: 'missing_item' }), ...patch },
    }))
  const close = () => {
    setChosen({})
    setNote('')
    setForm(EMPTY_FORM)
    reset()
    onClose()
  }
  const submit = async () => {
    if (!items || !terms) return
    try {
      await create.mutateAsync({ claim_items: items, ...terms } as never)
      feedback.success(t('claims.created'))
      close()
    } catch (error) {
      feedback.failure(error)
    }
  }
  const optionLabel = (option: { name?: string | null; amount?: number | null }) =>
    `${option.name ?? ''}${typeof option.amount === 'number' ? ` · ${formatMoney(option.amount, currency, i18n.language)}` : ''}`
  const optionsOf = (isReturn: boolean, none: string) => [
    { value: '', label: none },
    ...options
      .filter((option) => Boolean((option as { is_return?: boolean }).is_return) === isReturn)
      .map((option) => ({ value: option.id!, label: optionLabel(option) })),
  ]

  const itemsStep = (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4" aria-label={t('claims.items')}>
        {lines.map((line) => (
          <li key={line.id} className="flex flex-col gap-2">
            <span className="text-sm">
              <bdi className="font-medium">{line.title}</bdi>
              <span className="block text-xs text-gray-500">
                {t('claims.claimable', { quantity: claimableQuantity(line, claims) })}
              </span>
            </span>
            <div className="flex flex-wrap gap-2">
              <NumberInput
                className="w-32"
                label={t('claims.quantityOf', { item: line.title })}
                min={0}
                max={claimableQuantity(line, claims)}
                value={chosen[line.id]?.quantity ?? 0}
                onChange={(event) => choose(line.id, { quantity: Number(event.target.value) })}
              />
              <SelectField
                className="min-w-40 flex-1"
                label={t('claims.reasonOf', { item: line.title })}
                value={chosen[line.id]?.reason ?? 'missing_item'}
                onChange={(event) => choose(line.id, { reason: event.target.value as ClaimChoice['reason'] })}
                options={CLAIM_REASONS.map((reason) => ({ value: reason, label: t(`claims.reason.${reason}`) }))}
              />
            </div>
          </li>
        ))}
      </ul>
      <TextareaField label={t('claims.note')} value={note} onChange={(event) => setNote(event.target.value)} />
    </div>
  )
  const termsStep = (
    <div className="flex flex-col gap-4">
      <SelectField
        label={t('claims.type')}
        value={form.type}
        onChange={(event) => change({ type: event.target.value as ClaimForm['type'] })}
        options={[
          { value: 'refund', label: t('claims.types.refund') },
          { value: 'replace', label: t('claims.types.replace') },
        ]}
      />
      {form.type === 'refund' ? (
        <>
          <MoneyInput
            label={t('claims.refund')}
            currencyCode={currency}
            value={form.refund}
            onChange={(refund) => change({ refund })}
            invalidMessage={t('refund.amountInvalid')}
          />
          <p className="text-xs text-gray-500">{t('claims.refundHint')}</p>
        </>
      ) : (
        <>
          <Combobox
            label={t('claims.findVariant')}
            options={found.map((variant) => ({
              value: variant.id,
              label: `${variantTitle(variant)}${variant.sku ? ` (${variant.sku})` : ''}`,
            }))}
            value={null}
            onSearchChange={setSearch}
            onChange={(id) => {
              const variant = found.find((candidate) => candidate.id === id)
              if (variant)
                change({
                  replacements: addReplacement(form.replacements, { id: variant.id, title: variantTitle(variant) }),
                })
            }}
          />
          {form.replacements.length === 0 ? (
            <p className="text-sm text-gray-500">{t('claims.noReplacements')}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('claims.replacements')}>
              {form.replacements.map((line) => (
                <li key={line.variant_id} className="flex flex-wrap items-end justify-between gap-2">
                  <bdi className="min-w-0 text-sm font-medium">{line.title}</bdi>
                  <div className="flex items-end gap-2">
                    <NumberInput
                      className="w-32"
                      label={t('claims.replacementQuantityOf', { item: line.title })}
                      min={1}
                      value={line.quantity}
                      onChange={(event) =>
                        change({
                          replacements: form.replacements.map((other) =>
                            other.variant_id === line.variant_id
                              ? { ...other, quantity: Number(event.target.value) }
                              : other,
                          ),
                        })
                      }
                    />
                    <Button
                      variant="ghost"
                      aria-label={t('claims.removeReplacement', { item: line.title })}
                      onClick={() =>
                        change({
                          replacements: form.replacements.filter((other) => other.variant_id !== line.variant_id),
                        })
                      }
                    >
                      {t('claims.remove')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <SelectField
            label={t('claims.shipping')}
            value={form.shippingOptionId}
            onChange={(event) => change({ shippingOptionId: event.target.value })}
            options={optionsOf(false, t('claims.noShipping'))}
          />
        </>
      )}
      <SelectField
        label={t('claims.returnShipping')}
        value={form.returnOptionId}
        onChange={(event) => change({ returnOptionId: event.target.value })}
        options={optionsOf(true, t('claims.noReturn'))}
      />
    </div>
  )
  return (
    <StepsModal
      open={open}
      onClose={close}
      title={t('claims.createTitle')}
      steps={[itemsStep, termsStep]}
      submitting={create.isPending}
      onSubmit={() => void submit()}
    />
  )
}
