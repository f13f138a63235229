import {
  useAdminDeletePublishableApiKey,
  useAdminPublishableApiKeys,
  useAdminRevokePublishableApiKey,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../components/status-badge'
import { ActionMenu } from '../../components/action-menu'
import { Button } from '../../components/button'
import { ConfirmMutationDialog } from '../../components/modals/confirm-mutation-dialog'
import { PageHeader } from '../../components/page-header'
import { QueryState } from '../../components/query-state'
import { Cell, Table } from '../../components/table'
import { ApiKeyChannelsModal } from './components/api-key-channels-modal'
import { CreateApiKeyModal } from './components/create-api-key-modal'

interface ApiKey {
  id: string
  title?: string
  created_at?: string | Date
  revoked_at?: string | Date | null
}

type Pending = { kind: 'revoke' | 'delete' | 'channels'; key: ApiKey }

/** Publishable API keys: the token storefronts send, its sales channels, revoke and delete. */
export function ApiKeyList() {
  const { t, i18n } = useTranslation('settings')
  const { publishable_api_keys = [], isLoading, error, refetch } = useAdminPublishableApiKeys({ limit: 100 })
  const [creating, setCreating] = useState(false)
  const [pending, setPending] = useState<Pending | null>(null)
  const date = (value?: string | Date) => (value ? new Date(value).toLocaleDateString(i18n.language) : '—')
  return (
    <section>
      <PageHeader
        title={t('apiKeys.title')}
        description={t('apiKeys.description')}
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('apiKeys.new')}
          </Button>
        }
      />
      <QueryState
        isLoading={isLoading}
        error={error}
        onRetry={() => void refetch()}
        isEmpty={publishable_api_keys.length === 0}
        emptyMessage={t('apiKeys.empty')}
      >
        <Table
          caption={t('apiKeys.title')}
          headers={[
            t('apiKeys.keyTitle'),
            t('apiKeys.token'),
            t('apiKeys.created'),
            t('apiKeys.status'),
            <span key="actions" className="sr-only">
              {t('actions.actions')}
            </span>,
          ]}
        >
          {publishable_api_keys.map((key) => (
            <tr key={key.id}>
              <Cell className="font-medium">{key.title}</Cell>
              <Cell>
                <code className="rounded bg-gray-100 px-1.5 py-0.5 text-xs">{key.id}</code>
              </Cell>
              <Cell>{date(key.created_at)}</Cell>
              <Cell>
                {key.revoked_at ? (
                  <StatusBadge tone="danger">{t('apiKeys.revoked')}</StatusBadge>
                ) : (
                  <StatusBadge tone="success">{t('apiKeys.live')}</StatusBadge>
                )}
              </Cell>
              <Cell className="text-end">
                <ActionMenu
                  label={t('ui:table.rowActions', { name: key.title })}
                  items={[
                    {
                      label: t('apiKeys.manageChannels', { title: key.title }),
                      onSelect: () => setPending({ kind: 'channels', key }),
                    },
                    ...(key.revoked_at
                      ? []
                      : [
                          {
                            label: t('apiKeys.revoke', { title: key.title }),
                            onSelect: () => setPending({ kind: 'revoke', key }),
                            danger: true,
                          },
                        ]),
                    {
                      label: t('actions.deleteNamed', { name: key.title }),
                      onSelect: () => setPending({ kind: 'delete', key }),
                      danger: true,
                    },
                  ]}
                />
              </Cell>
            </tr>
          ))}
        </Table>
      </QueryState>
      <CreateApiKeyModal open={creating} onClose={() => setCreating(false)} />
      {pending?.kind === 'channels' && <ApiKeyChannelsModal apiKey={pending.key} onClose={() => setPending(null)} />}
      {pending?.kind === 'revoke' && <RevokeKey apiKey={pending.key} onClose={() => setPending(null)} />}
      {pending?.kind === 'delete' && <DeleteKey apiKey={pending.key} onClose={() => setPending(null)} />}
    </section>
  )
}

function RevokeKey({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const revoke = useAdminRevokePublishableApiKey(apiKey.id)
  return (
    <ConfirmMutationDialog
      title={t('apiKeys.revokeTitle')}
      message={t('apiKeys.revokeMessage', { title: apiKey.title })}
      confirmLabel={t('apiKeys.revokeConfirm')}
      mutation={revoke}
      successMessage={t('apiKeys.revokedToast', { title: apiKey.title })}
      onClose={onClose}
    />
  )
}

function DeleteKey({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const remove = useAdminDeletePublishableApiKey(apiKey.id)
  return (
    <ConfirmMutationDialog
      title={t('apiKeys.deleteTitle')}
      message={t('apiKeys.deleteMessage', { title: apiKey.title })}
      confirmLabel={t('actions.delete')}
      mutation={remove}
      successMessage={t('apiKeys.deleted', { title: apiKey.title })}
      onClose={onClose}
    />
  )
}
