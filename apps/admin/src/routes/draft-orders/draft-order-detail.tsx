import { useAdminDeleteDraftOrder, useAdminDraftOrder, useAdminDraftOrderRegisterPayment } from '@emporium/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ActionMenu } from '../../components/action-menu'
import { Button } from '../../components/button'
import { ConfirmMutationDialog } from '../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../components/page-header'
import { QueryState } from '../../components/query-state'
import { SectionCard } from '../../components/section-card'
import { formatDate } from '../../lib/format-date'
import { formatMoney } from '../../lib/money'
import { DraftLines } from './draft-lines'
import { draftNumber, DraftStatusBadge, type DraftOrderView } from './draft-order-columns'

/** One draft order: its lines (editable while open), totals, customer and address; mark paid places it. */
export function DraftOrderDetail() {
  const { t } = useTranslation('draft-orders')
  const { id = '' } = useParams()
  const { draft_order: draft, isLoading, error, refetch } = useAdminDraftOrder(id)
  return (
    <section>
      <Link to="/a/draft-orders" className="mb-4 inline-block text-sm text-gray-600 hover:text-gray-900">
        ← {t('detail.back')}
      </Link>
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        {draft && <DraftPage draft={draft as unknown as DraftOrderView} />}
      </QueryState>
    </section>
  )
}

function DraftPage({ draft }: { draft: DraftOrderView }) {
  const { t, i18n } = useTranslation('draft-orders')
  const navigate = useNavigate()
  const [asking, setAsking] = useState<'pay' | 'delete' | null>(null)
  const placed = useRef<string | null>(null)
  const pay = useAdminDraftOrderRegisterPayment(draft.id)
  const remove = useAdminDeleteDraftOrder(draft.id)
  const open = draft.status === 'open'
  const cart = draft.cart
  const currency = cart?.region?.currency_code ?? 'usd'
  const money = (amount: number | undefined) => (
    <bdi dir="ltr" className="whitespace-nowrap">
      {formatMoney(amount ?? 0, currency, i18n.language)}
    </bdi>
  )
  const address = cart?.shipping_address
  return (
    <>
      <PageHeader
        title={t('detail.title', { number: draftNumber(draft) })}
        description={t('detail.created', { date: formatDate(draft.created_at, i18n.language) })}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <DraftStatusBadge status={draft.status} t={t} />
            {open && (
              <Button variant="primary" onClick={() => setAsking('pay')}>
                {t('actions.markPaid')}
              </Button>
            )}
            {draft.order && (
              <Link to={`/a/orders/${draft.order.id}`} className="text-sm text-violet-700 hover:underline">
                {t('detail.openOrder', { number: draft.order.display_id })}
              </Link>
            )}
            <ActionMenu
              label={t('detail.actions')}
              items={[
                { label: t('actions.delete'), onSelect: () => setAsking('delete'), disabled: !open, danger: true },
              ]}
            />
          </div>
        }
      />
      <div className="grid gap-x-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <SectionCard title={t('detail.items')}>
            <DraftLines draft={draft} editable={open} />
            <dl className="mt-4 ms-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
              <dt className="text-gray-600">{t('totals.subtotal')}</dt>
              <dd className="text-end">{money(cart?.subtotal)}</dd>
              <dt className="text-gray-600">{t('totals.shipping')}</dt>
              <dd className="text-end">{money(cart?.shipping_total)}</dd>
              <dt className="text-gray-600">{t('totals.tax')}</dt>
              <dd className="text-end">{money(cart?.tax_total)}</dd>
              <dt className="border-t border-gray-200 pt-1 font-semibold">{t('totals.total')}</dt>
              <dd className="border-t border-gray-200 pt-1 text-end font-semibold">{money(cart?.total)}</dd>
            </dl>
          </SectionCard>
        </div>
        <div className="min-w-0">
          <SectionCard title={t('detail.customer')}>
            <dl className="flex flex-col gap-2 text-sm">
              <dt className="text-gray-600">{t('customer.email')}</dt>
              <dd>
                <bdi dir="ltr">{cart?.email}</bdi>
              </dd>
              <dt className="text-gray-600">{t('customer.region')}</dt>
              <dd>{cart?.region?.name}</dd>
              <dt className="text-gray-600">{t('steps.address')}</dt>
              <dd>
                {address ? (
                  <bdi>
                    {[address.first_name, address.last_name].filter(Boolean).join(' ')}, {address.address_1},{' '}
                    {address.postal_code} {address.city}, {address.country_code?.toUpperCase()}
                  </bdi>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="text-gray-600">{t('steps.shipping')}</dt>
              <dd>{cart?.shipping_methods?.map((method) => method.shipping_option?.name).join(', ') || '—'}</dd>
            </dl>
          </SectionCard>
        </div>
      </div>
      <ConfirmMutationDialog
        open={asking === 'pay'}
        title={t('pay.title')}
        message={t('pay.message', { amount: formatMoney(cart?.total ?? 0, currency, i18n.language) })}
        confirmLabel={t('actions.markPaid')}
        mutation={{
          mutateAsync: async () => {
            const { order } = await pay.mutateAsync()
            placed.current = order.id
          },
          isPending: pay.isPending,
        }}
        successMessage={t('pay.done')}
        onSuccess={() => placed.current && navigate(`/a/orders/${placed.current}`)}
        onClose={() => setAsking(null)}
      />
      <ConfirmMutationDialog
        open={asking === 'delete'}
        title={t('delete.title')}
        message={t('delete.message')}
        confirmLabel={t('actions.delete')}
        mutation={{ mutateAsync: () => remove.mutateAsync(), isPending: remove.isPending }}
        successMessage={t('delete.done')}
        onSuccess={() => navigate('/a/draft-orders')}
        onClose={() => setAsking(null)}
      />
    </>
  )
}
