import { useAdminDeleteVariant } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../../components/action-menu'
import { Button } from '../../../../components/button'
import { ConfirmMutationDialog } from '../../../../components/modals/confirm-mutation-dialog'
import { Section } from '../../../../components/page-header'
import { Cell, Table } from '../../../../components/table'
import { fromMinorUnits } from '../../../../lib/money'
import type { PriceColumn } from '../../components/price-columns'
import { columnKeyOf } from '../../components/price-columns'
import type { AdminProduct, AdminVariant } from './types'
import { VariantModal } from './variant-modal'

type Editing = { mode: 'add' } | { mode: 'edit'; variant: AdminVariant }

/** The variants table with add, edit and delete. */
export function VariantsSection({ product, columns }: { product: AdminProduct; columns: readonly PriceColumn[] }) {
  const { t } = useTranslation('products')
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<AdminVariant | null>(null)
  const deleteVariant = useAdminDeleteVariant(product.id)
  const variants = product.variants ?? []

  const priceSummary = (variant: AdminVariant) =>
    (variant.prices ?? [])
      .map((price) => {
        const column = columns.find((candidate) => candidate.key === columnKeyOf(price))
        const currency = price.currency_code ?? column?.currency_code ?? ''
        const where = column?.region_id ? ` (${column.name})` : ''
        return `${fromMinorUnits(price.amount ?? 0, currency)} ${currency.toUpperCase()}${where}`
      })
      .join(', ')

  return (
    <Section
      title={t('variants.heading')}
      actions={<Button onClick={() => setEditing({ mode: 'add' })}>{t('variants.add')}</Button>}
    >
      {variants.length === 0 ? (
        <p className="text-sm text-gray-500">{t('variants.empty')}</p>
      ) : (
        <Table
          caption={t('variants.heading')}
          headers={[
            t('variants.columns.title'),
            t('variants.columns.sku'),
            t('variants.columns.options'),
            t('variants.columns.inventory'),
            t('variants.columns.prices'),
            <span key="actions" className="sr-only">
              {t('variants.columns.actions')}
            </span>,
          ]}
        >
          {variants.map((variant) => (
            <tr key={variant.id}>
              <Cell className="font-medium">{variant.title}</Cell>
              <Cell>
                <bdi dir="ltr">{variant.sku ?? '—'}</bdi>
              </Cell>
              <Cell>{(variant.options ?? []).map((value) => value.value).join(' / ') || '—'}</Cell>
              <Cell>{variant.inventory_quantity ?? 0}</Cell>
              <Cell>
                <bdi>{priceSummary(variant) || '—'}</bdi>
              </Cell>
              <Cell className="text-end">
                <ActionMenu
                  label={t('ui:table.rowActions', { name: variant.title })}
                  items={[
                    {
                      label: t('variants.edit', { title: variant.title }),
                      onSelect: () => setEditing({ mode: 'edit', variant }),
                    },
                    {
                      label: t('variants.delete', { title: variant.title }),
                      onSelect: () => setDeleting(variant),
                      danger: true,
                    },
                  ]}
                />
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <VariantModal
        product={product}
        columns={columns}
        open={editing !== null}
        variant={editing?.mode === 'edit' ? editing.variant : undefined}
        onClose={() => setEditing(null)}
      />
      {deleting && (
        <ConfirmMutationDialog
          title={t('variants.deleteTitle')}
          message={t('variants.deleteMessage', { title: deleting.title ?? '' })}
          confirmLabel={t('actions.delete')}
          mutation={{ mutateAsync: () => deleteVariant.mutateAsync(deleting.id), isPending: deleteVariant.isPending }}
          successMessage={t('variants.deleted')}
          onClose={() => setDeleting(null)}
        />
      )}
    </Section>
  )
}
