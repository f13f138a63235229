import {
  useAdminCancelOrderEdit,
  useAdminConfirmOrderEdit,
  useAdminCreateOrderEdit,
  useAdminDeleteOrderEditItemChange,
  useAdminOrderEditAddLineItem,
  useAdminOrderEditDeleteLineItem,
  useAdminOrderEdits,
  useAdminOrderEditUpdateLineItem,
  useAdminRequestOrderEditConfirmation,
  useAdminVariants,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Combobox } from '../../../components/inputs/combobox'
import { NumberInput } from '../../../components/inputs/number-input'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { useFeedback } from '../../../components/use-feedback'
import { formatMoney } from '../../../lib/money'
import type { AdminOrderView } from '../components/order-model'
import {
  activeEdit,
  canRemove,
  canUndoChanges,
  changeSubject,
  differenceKind,
  editActions,
  minimumQuantity,
  validQuantity,
  type EditChange,
  type EditLine,
  type OrderEditView,
} from './edit-model'

interface VariantOption {
  id: string
  title?: string | null
  sku?: string | null
  product?: { title?: string | null } | null
}

/** The order's open edit: start one, change its lines, then request or confirm it, or cancel it. */
export function OrderEditSection({ order }: { order: AdminOrderView }) {
  const { t } = useTranslation('orders')
  const feedback = useFeedback()
  const { order_edits: edits = [] } = useAdminOrderEdits({ order_id: order.id } as never)
  const create = useAdminCreateOrderEdit()
  const edit = activeEdit(edits as OrderEditView[])
  const start = async () => {
    try {
      await create.mutateAsync({ order_id: order.id } as never)
    } catch (error) {
      feedback.failure(error)
    }
  }
  const editable = order.status !== 'canceled' && order.status !== 'archived'
  return (
    <SectionCard
      title={t('edits.title')}
      actions={
        !edit &&
        editable && (
          <Button loading={create.isPending} onClick={() => void start()}>
            {t('edits.start')}
          </Button>
        )
      }
    >
      {edit ? (
        <ActiveEdit edit={edit} currency={order.currency_code ?? 'usd'} />
      ) : (
        <p className="text-sm text-gray-500">{t('edits.none')}</p>
      )}
    </SectionCard>
  )
}

function ActiveEdit({ edit, currency }: { edit: OrderEditView; currency: string }) {
  const { t, i18n } = useTranslation('orders')
  const feedback = useFeedback()
  const [search, setSearch] = useState('')
  const { variants = [] } = useAdminVariants({ limit: 10, ...(search ? { q: search } : {}) } as never)
  const found = variants as VariantOption[]
  const add = useAdminOrderEditAddLineItem(edit.id)
  const request = useAdminRequestOrderEditConfirmation(edit.id)
  const confirm = useAdminConfirmOrderEdit(edit.id)
  const cancel = useAdminCancelOrderEdit(edit.id)
  const actions = editActions(edit)
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action()
      feedback.success(done)
    } catch (error) {
      feedback.failure(error)
    }
  }
  const kind = differenceKind(edit)
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatusBadge tone={edit.status === 'requested' ? 'warning' : 'info'}>
          {t(`edits.status.${edit.status}`)}
        </StatusBadge>
        <span>
          {t(`edits.difference.${kind}`)}{' '}
          <bdi dir="ltr" className="font-medium">
            {formatMoney(Math.abs(edit.difference_due), currency, i18n.language)}
          </bdi>
        </span>
      </div>
      <ul className="flex flex-col gap-3" aria-label={t('edits.lines')}>
        {(edit.items ?? []).map((line) => (
          <EditLineRow key={line.id} editId={edit.id} line={line} />
        ))}
      </ul>
      {(edit.changes ?? []).length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">{t('edits.changes')}</h3>
          <ul className="flex flex-col gap-2" aria-label={t('edits.changes')}>
            {(edit.changes ?? []).map((change) => (
              <ChangeRow key={change.id} editId={edit.id} change={change} undoable={canUndoChanges(edit)} />
            ))}
          </ul>
        </div>
      )}
      <Combobox
        label={t('edits.addVariant')}
        options={found.map((variant) => ({
          value: variant.id,
          label: `${[variant.product?.title, variant.title].filter(Boolean).join(' / ') || variant.id}${
            variant.sku ? ` (${variant.sku})` : ''
          }`,
        }))}
        value={null}
        onSearchChange={setSearch}
        onChange={(id) => {
          if (id) void run(() => add.mutateAsync({ variant_id: id, quantity: 1 }), t('edits.added'))
        }}
      />
      <div className="flex flex-wrap gap-2">
        {actions.request && (
          <Button
            loading={request.isPending}
            onClick={() => void run(() => request.mutateAsync(), t('edits.requested'))}
          >
            {t('edits.request')}
          </Button>
        )}
        {actions.confirm && (
          <Button
            variant="primary"
            loading={confirm.isPending}
            onClick={() => void run(() => confirm.mutateAsync(), t('edits.confirmed'))}
          >
            {t('edits.confirm')}
          </Button>
        )}
        <Button
          variant="ghost"
          loading={cancel.isPending}
          onClick={() => void run(() => cancel.mutateAsync(), t('edits.canceled'))}
        >
          {t('edits.cancel')}
        </Button>
      </div>
    </div>
  )
}

/** One change of the edit, with an undo that takes back only it (the edit stays open). */
function ChangeRow({ editId, change, undoable }: { editId: string; change: EditChange; undoable: boolean }) {
  const { t } = useTranslation('orders')
  const feedback = useFeedback()
  const undo = useAdminDeleteOrderEditItemChange(editId)
  const subject = changeSubject(change)
  const revert = async () => {
    try {
      await undo.mutateAsync(change.id)
      feedback.success(t('edits.undone'))
    } catch (error) {
      feedback.failure(error)
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        {t(`edits.change.${change.type}`, { from: subject.from, to: subject.to })} <bdi>{subject.title}</bdi>
      </span>
      {undoable && (
        <Button
          variant="ghost"
          loading={undo.isPending}
          aria-label={t('edits.undoChange', { item: subject.title })}
          onClick={() => void revert()}
        >
          {t('edits.undo')}
        </Button>
      )}
    </li>
  )
}

/** One line of the edit: its quantity, saved on request, and a remove button. */
function EditLineRow({ editId, line }: { editId: string; line: EditLine }) {
  const { t } = useTranslation('orders')
  const feedback = useFeedback()
  const [typed, setTyped] = useState(String(line.quantity))
  const update = useAdminOrderEditUpdateLineItem(editId, line.id)
  const remove = useAdminOrderEditDeleteLineItem(editId)
  const quantity = validQuantity(line, Number(typed))
  const save = async () => {
    if (quantity === null) return
    try {
      await update.mutateAsync({ quantity })
    } catch (error) {
      feedback.failure(error)
    }
  }
  const drop = async () => {
    try {
      await remove.mutateAsync(line.id)
    } catch (error) {
      feedback.failure(error)
    }
  }
  return (
    <li className="flex flex-wrap items-end justify-between gap-2">
      <bdi className="min-w-0 font-medium">{line.title}</bdi>
      <div className="flex items-end gap-2">
        <NumberInput
          className="w-32"
          label={t('edits.quantityOf', { item: line.title })}
          min={minimumQuantity(line)}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          errors={quantity === null ? [t('edits.quantityInvalid', { minimum: minimumQuantity(line) })] : []}
        />
        {quantity !== null && quantity !== line.quantity && (
          <Button loading={update.isPending} onClick={() => void save()}>
            {t('edits.save')}
          </Button>
        )}
        {canRemove(line) && (
          <Button
            variant="ghost"
            loading={remove.isPending}
            aria-label={t('edits.removeLine', { item: line.title })}
            onClick={() => void drop()}
          >
            {t('edits.remove')}
          </Button>
        )}
      </div>
    </li>
  )
}
