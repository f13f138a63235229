import { useAdminDeleteTaxRate, useAdminRegions, useAdminTaxRates } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { Button } from '../../../components/button'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { SelectField } from '../../../components/inputs/select-field'
import { Cell, Table } from '../../../components/table'
import { TaxRateModal, type TaxRateRecord } from './tax-rate-modal'

/** Per region: its default rate and the extra tax rates with create, edit and delete. */
export function TaxRates() {
  const { t } = useTranslation('settings')
  const regions = useAdminRegions({ limit: 100 })
  const [chosen, setChosen] = useState('')
  const regionList = regions.regions ?? []
  const regionId = chosen || regionList[0]?.id || ''
  const region = regionList.find((candidate) => candidate.id === regionId)
  return (
    <section>
      <PageHeader title={t('taxes.title')} description={t('taxes.description')} />
      <QueryState
        isLoading={regions.isLoading}
        error={regions.error}
        onRetry={() => void regions.refetch()}
        isEmpty={regionList.length === 0}
        emptyMessage={t('taxes.noRegions')}
      >
        <SelectField
          className="mb-6 max-w-sm"
          label={t('taxes.region')}
          value={regionId}
          onChange={(event) => setChosen(event.target.value)}
          options={regionList.map((candidate) => ({ value: candidate.id ?? '', label: candidate.name ?? '' }))}
        />
        {region && (
          <p className="mb-4 text-sm text-gray-600">
            {t('taxes.defaultRate', { rate: region.tax_rate ?? 0, code: region.tax_code ?? '—' })}
          </p>
        )}
        {regionId && <RegionTaxRates regionId={regionId} />}
      </QueryState>
    </section>
  )
}

function RegionTaxRates({ regionId }: { regionId: string }) {
  const { t } = useTranslation('settings')
  const { tax_rates = [], isLoading, error, refetch } = useAdminTaxRates({ region_id: regionId, limit: 100 })
  const [editing, setEditing] = useState<{ taxRate?: TaxRateRecord } | null>(null)
  const [deleting, setDeleting] = useState<TaxRateRecord | null>(null)
  return (
    <Section title={t('taxes.rates')} actions={<Button onClick={() => setEditing({})}>{t('taxes.new')}</Button>}>
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={tax_rates.length === 0}
        emptyMessage={t('taxes.empty')}
      >
        <Table
          caption={t('taxes.rates')}
          headers={[
            t('taxes.name'),
            t('taxes.code'),
            t('taxes.rate'),
            <span key="actions" className="sr-only">
              {t('actions.actions')}
            </span>,
          ]}
        >
          {tax_rates.map((taxRate) => (
            <tr key={taxRate.id}>
              <Cell className="font-medium">{taxRate.name}</Cell>
              <Cell>{taxRate.code}</Cell>
              <Cell>
                <bdi dir="ltr">{taxRate.rate ?? 0} %</bdi>
              </Cell>
              <Cell className="text-end">
                <ActionMenu
                  label={t('ui:table.rowActions', { name: taxRate.name })}
                  items={[
                    { label: t('actions.editNamed', { name: taxRate.name }), onSelect: () => setEditing({ taxRate }) },
                    {
                      label: t('actions.deleteNamed', { name: taxRate.name }),
                      onSelect: () => setDeleting(taxRate),
                      danger: true,
                    },
                  ]}
                />
              </Cell>
            </tr>
          ))}
        </Table>
      </QueryState>
      <TaxRateModal
        open={editing !== null}
        regionId={regionId}
        taxRate={editing?.taxRate}
        onClose={() => setEditing(null)}
      />
      {deleting && <DeleteTaxRate taxRate={deleting} onClose={() => setDeleting(null)} />}
    </Section>
  )
}

function DeleteTaxRate({ taxRate, onClose }: { taxRate: TaxRateRecord; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const remove = useAdminDeleteTaxRate(taxRate.id)
  return (
    <ConfirmMutationDialog
      title={t('taxes.deleteTitle')}
      message={t('taxes.deleteMessage', { name: taxRate.name })}
      confirmLabel={t('actions.delete')}
      mutation={remove}
      successMessage={t('taxes.deleted', { name: taxRate.name })}
      onClose={onClose}
    />
  )
}
