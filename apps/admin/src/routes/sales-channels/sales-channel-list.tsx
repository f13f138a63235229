import { useAdminDeleteSalesChannel, useAdminSalesChannels, useAdminStore } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../components/status-badge'
import { ActionMenu } from '../../components/action-menu'
import { Button } from '../../components/button'
import { ConfirmMutationDialog } from '../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../components/page-header'
import { QueryState } from '../../components/query-state'
import { Cell, Table } from '../../components/table'
import { SalesChannelModal, type SalesChannelLike } from './components/sales-channel-modal'

/** The store's sales channels with create, edit (name, description, enabled) and delete. */
export function SalesChannelList() {
  const { t } = useTranslation('settings')
  const { store } = useAdminStore()
  const { sales_channels = [], isLoading, error, refetch } = useAdminSalesChannels({ limit: 100 })
  const [editing, setEditing] = useState<{ channel?: SalesChannelLike } | null>(null)
  const [deleting, setDeleting] = useState<SalesChannelLike | null>(null)
  return (
    <section>
      <PageHeader
        title={t('salesChannels.title')}
        description={t('salesChannels.description')}
        actions={
          <Button variant="primary" onClick={() => setEditing({})}>
            {t('salesChannels.new')}
          </Button>
        }
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={sales_channels.length === 0}
        emptyMessage={t('salesChannels.empty')}
      >
        <Table
          caption={t('salesChannels.title')}
          headers={[
            t('salesChannels.name'),
            t('salesChannels.descriptionLabel'),
            t('salesChannels.status'),
            <span key="actions" className="sr-only">
              {t('actions.actions')}
            </span>,
          ]}
        >
          {sales_channels.map((channel) => (
            <tr key={channel.id}>
              <Cell className="font-medium">{channel.name}</Cell>
              <Cell className="text-gray-500">{channel.description}</Cell>
              <Cell>
                {channel.is_disabled ? (
                  <StatusBadge>{t('salesChannels.disabled')}</StatusBadge>
                ) : (
                  <StatusBadge tone="success">{t('salesChannels.enabledStatus')}</StatusBadge>
                )}
              </Cell>
              <Cell className="text-end">
                <ActionMenu
                  label={t('ui:table.rowActions', { name: channel.name })}
                  items={[
                    { label: t('actions.editNamed', { name: channel.name }), onSelect: () => setEditing({ channel }) },
                    // The store's default channel cannot be deleted: the server refuses it.
                    ...(channel.id === store?.default_sales_channel_id
                      ? []
                      : [
                          {
                            label: t('actions.deleteNamed', { name: channel.name }),
                            onSelect: () => setDeleting(channel),
                            danger: true,
                          },
                        ]),
                  ]}
                />
              </Cell>
            </tr>
          ))}
        </Table>
      </QueryState>
      <SalesChannelModal open={editing !== null} channel={editing?.channel} onClose={() => setEditing(null)} />
      {deleting && <DeleteSalesChannel channel={deleting} onClose={() => setDeleting(null)} />}
    </section>
  )
}

function DeleteSalesChannel({ channel, onClose }: { channel: SalesChannelLike; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const remove = useAdminDeleteSalesChannel(channel.id)
  return (
    <ConfirmMutationDialog
      title={t('salesChannels.deleteTitle')}
      message={t('salesChannels.deleteMessage', { name: channel.name })}
      confirmLabel={t('actions.delete')}
      mutation={remove}
      successMessage={t('salesChannels.deleted', { name: channel.name })}
      onClose={onClose}
    />
  )
}
