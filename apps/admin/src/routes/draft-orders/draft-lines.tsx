import {
  useAdminDraftOrderAddLineItem,
  useAdminDraftOrderRemoveLineItem,
  useAdminDraftOrderUpdateLineItem,
  useAdminVariants,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Combobox } from '../../components/inputs/combobox'
import { NumberInput } from '../../components/inputs/number-input'
import { useFeedback } from '../../components/use-feedback'
import { formatMoney } from '../../lib/money'
import type { DraftOrderView } from './draft-order-columns'

/** A draft's lines: while open, each quantity can change (saved on leaving the field), a line removed, a variant added. */
export function DraftLines({ draft, editable }: { draft: DraftOrderView; editable: boolean }) {
  const { t, i18n } = useTranslation('draft-orders')
  const feedback = useFeedback()
  const update = useAdminDraftOrderUpdateLineItem(draft.id)
  const remove = useAdminDraftOrderRemoveLineItem(draft.id)
  const add = useAdminDraftOrderAddLineItem(draft.id)
  const [search, setSearch] = useState('')
  const [typed, setTyped] = useState<Record<string, number>>({})
  const { variants = [] } = useAdminVariants({ limit: 10, ...(search ? { q: search } : {}) } as never, {
    enabled: editable,
  })
  const currency = draft.cart?.region?.currency_code ?? 'usd'
  const run = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write()
      feedback.success(done)
    } catch (error) {
      feedback.failure(error)
    }
  }
  const lines = draft.cart?.items ?? []
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-gray-100 text-sm" aria-label={t('detail.items')}>
        {lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-end justify-between gap-2 py-2">
            <span className="min-w-0">
              <bdi className="font-medium">{line.title}</bdi>
              <span className="block text-xs text-gray-500">
                <bdi dir="ltr">{formatMoney(line.unit_price, currency, i18n.language)}</bdi>
              </span>
            </span>
            {editable ? (
              <div className="flex items-end gap-2">
                <NumberInput
                  className="w-32"
                  label={t('items.quantityOf', { item: line.title })}
                  min={1}
                  value={typed[line.id] ?? line.quantity}
                  onChange={(event) => setTyped({ ...typed, [line.id]: Number(event.target.value) })}
                  onBlur={() => {
                    const quantity = typed[line.id]
                    if (quantity === undefined || quantity === line.quantity || quantity < 1) return
                    void run(() => update.mutateAsync({ item_id: line.id, quantity }), t('items.updated'))
                  }}
                />
                <Button
                  variant="ghost"
                  aria-label={t('items.removeLine', { item: line.title })}
                  onClick={() => void run(() => remove.mutateAsync(line.id), t('items.removed'))}
                >
                  {t('items.remove')}
                </Button>
              </div>
            ) : (
              <span>× {line.quantity}</span>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <Combobox
          label={t('items.addVariant')}
          options={variants.map((variant) => ({
            value: variant.id!,
            label: [variant.product?.title, variant.title].filter(Boolean).join(' / '),
          }))}
          value={null}
          onSearchChange={setSearch}
          onChange={(id) => id && void run(() => add.mutateAsync({ variant_id: id, quantity: 1 }), t('items.added'))}
        />
      )}
    </div>
  )
}
