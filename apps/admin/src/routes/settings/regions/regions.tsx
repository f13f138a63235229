import { useAdminDeleteRegion, useAdminRegions, useAdminStore, useAdminUpdateRegion } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { Button } from '../../../components/button'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { Switch } from '../../../components/inputs/switch'
import { Cell, Table } from '../../../components/table'
import { useFeedback } from '../../../components/use-feedback'
import { isFeatureEnabled } from '../../areas/store-capabilities'
import { RegionModal, type RegionRecord } from './region-modal'

/** The store's regions with create, edit and delete. */
export function Regions() {
  const { t } = useTranslation('settings')
  const { store } = useAdminStore()
  const taxInclusive = isFeatureEnabled(store, 'tax_inclusive_pricing')
  const { regions = [], isLoading, error, refetch } = useAdminRegions({ limit: 100 })
  const [editing, setEditing] = useState<{ region?: RegionRecord } | null>(null)
  const [deleting, setDeleting] = useState<RegionRecord | null>(null)
  return (
    <section>
      <PageHeader
        title={t('regions.title')}
        description={t('regions.description')}
        actions={
          <Button variant="primary" onClick={() => setEditing({})}>
            {t('regions.new')}
          </Button>
        }
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={regions.length === 0}
        emptyMessage={t('regions.empty')}
      >
        <Table
          caption={t('regions.title')}
          headers={[
            t('regions.name'),
            t('regions.currency'),
            t('regions.countries'),
            t('regions.taxRate'),
            t('regions.providers'),
            ...(taxInclusive ? [t('currencies.taxInclusive')] : []),
            <span key="actions" className="sr-only">
              {t('actions.actions')}
            </span>,
          ]}
        >
          {regions.map((region) => (
            <tr key={region.id}>
              <Cell className="font-medium">{region.name}</Cell>
              <Cell>{region.currency_code?.toUpperCase()}</Cell>
              <Cell>
                {(region.countries ?? []).map((country) => country.display_name ?? country.iso_2).join(', ') || '—'}
              </Cell>
              <Cell>
                <bdi dir="ltr">{region.tax_rate ?? 0} %</bdi>
              </Cell>
              <Cell className="text-gray-500">
                {t('regions.providersSummary', {
                  payment: (region.payment_providers ?? []).map((provider) => provider.id).join(', ') || '—',
                  fulfillment: (region.fulfillment_providers ?? []).map((provider) => provider.id).join(', ') || '—',
                })}
              </Cell>
              {taxInclusive && (
                <Cell>
                  <RegionTaxSwitch id={region.id} name={region.name ?? ''} includesTax={Boolean(region.includes_tax)} />
                </Cell>
              )}
              <Cell className="text-end">
                <ActionMenu
                  label={t('ui:table.rowActions', { name: region.name })}
                  items={[
                    { label: t('actions.editNamed', { name: region.name }), onSelect: () => setEditing({ region }) },
                    {
                      label: t('actions.deleteNamed', { name: region.name }),
                      onSelect: () => setDeleting(region),
                      danger: true,
                    },
                  ]}
                />
              </Cell>
            </tr>
          ))}
        </Table>
      </QueryState>
      <RegionModal open={editing !== null} region={editing?.region} onClose={() => setEditing(null)} />
      {deleting && <DeleteRegion region={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

function DeleteRegion({ region, onClose }: { region: RegionRecord; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const remove = useAdminDeleteRegion(region.id)
  return (
    <ConfirmMutationDialog
      title={t('regions.deleteTitle')}
      message={t('regions.deleteMessage', { name: region.name })}
      confirmLabel={t('actions.delete')}
      mutation={remove}
      successMessage={t('regions.deleted', { name: region.name })}
      onClose={onClose}
    />
  )
}

/** Whether prices in this region are entered with tax included (flag `tax_inclusive_pricing`). */
function RegionTaxSwitch({ id, name, includesTax }: { id: string; name: string; includesTax: boolean }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const update = useAdminUpdateRegion(id)
  return (
    <Switch
      aria-label={t('regions.taxInclusiveFor', { name })}
      checked={includesTax}
      disabled={update.isPending}
      onCheckedChange={(checked) =>
        void feedback.run(() => update.mutateAsync({ includes_tax: checked }), t('regions.taxInclusiveSaved', { name }))
      }
    />
  )
}
