import { useAdminInvites, useAdminUsers } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { Table } from '../../../components/table'
import { InviteModal } from './invite-modal'
import { InviteRow } from './invite-rows'
import { UserRow } from './user-rows'

/** The team: users with their roles, pending invites, and inviting someone new. */
export function Team() {
  const { t } = useTranslation('settings')
  const users = useAdminUsers()
  const invites = useAdminInvites()
  const [inviting, setInviting] = useState(false)
  // Invites past this moment show as expired; read once per visit to the page.
  const [now] = useState(Date.now)
  const actions = <span className="sr-only">{t('actions.actions')}</span>
  return (
    <section>
      <PageHeader
        title={t('team.title')}
        description={t('team.description')}
        actions={
          <Button variant="primary" onClick={() => setInviting(true)}>
            {t('team.invite')}
          </Button>
        }
      />
      <Section title={t('team.users')}>
        <QueryState
          isLoading={users.isLoading}
          error={users.error}
          onRetry={() => void users.refetch()}
          isEmpty={(users.users ?? []).length === 0}
          emptyMessage={t('team.noUsers')}
        >
          <Table caption={t('team.users')} headers={[t('team.name'), t('team.email'), t('team.role'), actions]}>
            {(users.users ?? []).map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </Table>
        </QueryState>
      </Section>
      <Section title={t('team.invites')}>
        <QueryState
          isLoading={invites.isLoading}
          error={invites.error}
          onRetry={() => void invites.refetch()}
          isEmpty={(invites.invites ?? []).length === 0}
          emptyMessage={t('team.noInvites')}
        >
          <Table caption={t('team.invites')} headers={[t('team.email'), t('team.role'), t('team.status'), actions]}>
            {(invites.invites ?? []).map((invite) => (
              <InviteRow key={invite.id} invite={invite} now={now} />
            ))}
          </Table>
        </QueryState>
      </Section>
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
    </section>
  )
}
