import {
  adminShippingOptionKeys,
  adminShippingProfileKeys,
  useAdminCreateShippingProfile,
  useAdminRegions,
  useAdminShippingOptions,
  useAdminShippingProfiles,
} from '@emporium/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { Button } from '../../../components/button'
import { EmptyState } from '../../../components/empty-state'
import { Combobox } from '../../../components/inputs/combobox'
import { fieldErrors } from '../../../components/inputs/field-errors'
import { InputField } from '../../../components/inputs/input-field'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { FormModal } from '../../../components/modals/form-modal'
import { PageHeader } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { SectionCard } from '../../../components/section-card'
import { StatusBadge } from '../../../components/status-badge'
import { Cell, Table } from '../../../components/table'
import { formatMoney } from '../../../lib/money'
import { useDeleteRecord } from '../../../lib/use-delete-record'
import { ShippingOptionModal, type ShippingRegion } from './shipping-option-modal'

interface OptionRow {
  id: string
  name: string
  amount?: number | null
  is_return?: boolean
  provider_id?: string
  profile_id?: string
}

type Pending =
  | { kind: 'delete-option'; option: OptionRow }
  | { kind: 'delete-profile'; profile: { id: string; name: string } }
  | { kind: 'new-option' }
  | { kind: 'new-profile' }

/** Shipping options per region (flat rate) and the store's shipping profiles. */
export function Shipping() {
  const { t, i18n } = useTranslation('shipping')
  const { regions = [], isLoading, error, refetch } = useAdminRegions({ limit: 100 })
  const { shipping_profiles: profiles = [] } = useAdminShippingProfiles()
  const [regionId, setRegionId] = useState<string | null>(null)
  const region = (regions.find((candidate) => candidate.id === regionId) ?? regions[0]) as ShippingRegion | undefined
  const { shipping_options: options = [], isLoading: optionsLoading } = useAdminShippingOptions(
    { region_id: region?.id ?? '' },
    { enabled: Boolean(region) },
  )
  const [pending, setPending] = useState<Pending | null>(null)
  const close = () => setPending(null)
  const profileName = (id?: string) => profiles.find((profile) => profile.id === id)?.name ?? '—'

  return (
    <section>
      <PageHeader title={t('title')} description={t('description')} />
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        <SectionCard
          title={t('options.title')}
          actions={
            region && (
              <Button variant="primary" onClick={() => setPending({ kind: 'new-option' })}>
                {t('options.new')}
              </Button>
            )
          }
        >
          <Combobox
            className="mb-4 max-w-sm"
            label={t('options.region')}
            options={regions.map((candidate) => ({ value: candidate.id, label: candidate.name ?? '' }))}
            value={region?.id ?? null}
            onChange={setRegionId}
          />
          {!optionsLoading && options.length === 0 ? (
            <EmptyState title={t('options.emptyTitle')} message={t('options.emptyMessage')} />
          ) : (
            <Table
              caption={t('options.title')}
              headers={[
                t('options.name'),
                t('options.price'),
                t('options.profile'),
                t('options.provider'),
                <span key="actions" className="sr-only">
                  {t('ui:table.actions')}
                </span>,
              ]}
            >
              {(options as OptionRow[]).map((option) => (
                <tr key={option.id}>
                  <Cell className="font-medium">
                    <bdi>{option.name}</bdi>{' '}
                    {option.is_return && <StatusBadge tone="info">{t('options.return')}</StatusBadge>}
                  </Cell>
                  <Cell>
                    {region && option.amount !== null && option.amount !== undefined ? (
                      <bdi dir="ltr">{formatMoney(option.amount, region.currency_code, i18n.language)}</bdi>
                    ) : (
                      '—'
                    )}
                  </Cell>
                  <Cell>
                    <bdi>{profileName(option.profile_id)}</bdi>
                  </Cell>
                  <Cell>{option.provider_id}</Cell>
                  <Cell className="text-end">
                    <ActionMenu
                      label={t('ui:table.rowActions', { name: option.name })}
                      items={[
                        {
                          label: t('options.delete'),
                          danger: true,
                          onSelect: () => setPending({ kind: 'delete-option', option }),
                        },
                      ]}
                    />
                  </Cell>
                </tr>
              ))}
            </Table>
          )}
        </SectionCard>
        <SectionCard
          title={t('profiles.title')}
          actions={<Button onClick={() => setPending({ kind: 'new-profile' })}>{t('profiles.new')}</Button>}
        >
          <ul className="divide-y divide-gray-100">
            {profiles.map((profile) => (
              <li key={profile.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <bdi className="font-medium">{profile.name}</bdi>{' '}
                  <StatusBadge>{t(`profiles.types.${profile.type}`, { defaultValue: profile.type })}</StatusBadge>
                </span>
                {profile.type === 'custom' && (
                  <ActionMenu
                    label={t('ui:table.rowActions', { name: profile.name })}
                    items={[
                      {
                        label: t('profiles.delete'),
                        danger: true,
                        onSelect: () =>
                          setPending({
                            kind: 'delete-profile',
                            profile: { id: profile.id, name: profile.name ?? '' },
                          }),
                      },
                    ]}
                  />
                )}
              </li>
            ))}
          </ul>
        </SectionCard>
      </QueryState>
      {region && (
        <ShippingOptionModal
          open={pending?.kind === 'new-option'}
          onClose={close}
          region={region}
          profiles={profiles.map((profile) => ({ id: profile.id, name: profile.name ?? '' }))}
        />
      )}
      <ProfileModal open={pending?.kind === 'new-profile'} onClose={close} />
      {pending?.kind === 'delete-option' && <DeleteOption option={pending.option} onClose={close} />}
      {pending?.kind === 'delete-profile' && <DeleteProfile profile={pending.profile} onClose={close} />}
    </section>
  )
}

function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shipping')
  const create = useAdminCreateShippingProfile()
  const form = useForm<{ name: string }>({ defaultValues: { name: '' } })
  const save = async ({ name }: { name: string }) => {
    await create.mutateAsync({ name: name.trim(), type: 'custom' })
    form.reset({ name: '' })
    return t('profiles.created', { name: name.trim() })
  }
  return (
    <FormModal open={open} onClose={onClose} title={t('profiles.createTitle')} form={form} onSave={save}>
      <InputField
        label={t('profiles.name')}
        required
        errors={fieldErrors(form.formState.errors.name)}
        {...form.register('name', { validate: (value) => value.trim() !== '' || t('required') })}
      />
    </FormModal>
  )
}

function DeleteOption({ option, onClose }: { option: OptionRow; onClose: () => void }) {
  const { t } = useTranslation('shipping')
  const remove = useDeleteRecord(adminShippingOptionKeys, option.id, (client, id) =>
    client.admin.shippingOptions.delete(id),
  )
  return (
    <ConfirmMutationDialog
      title={t('options.deleteTitle')}
      message={t('options.deleteMessage', { name: option.name })}
      confirmLabel={t('options.delete')}
      mutation={{ mutateAsync: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
      successMessage={t('options.deleted', { name: option.name })}
      onClose={onClose}
    />
  )
}

function DeleteProfile({ profile, onClose }: { profile: { id: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation('shipping')
  const remove = useDeleteRecord(adminShippingProfileKeys, profile.id, (client, id) =>
    client.admin.shippingProfiles.delete(id),
  )
  return (
    <ConfirmMutationDialog
      title={t('profiles.deleteTitle')}
      message={t('profiles.deleteMessage', { name: profile.name })}
      confirmLabel={t('profiles.delete')}
      mutation={{ mutateAsync: () => remove.mutateAsync(undefined), isPending: remove.isPending }}
      successMessage={t('profiles.deleted', { name: profile.name })}
      onClose={onClose}
    />
  )
}
