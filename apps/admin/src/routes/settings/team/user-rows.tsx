import { useAdminDeleteUser, useAdminGetSession, useAdminUpdateUser } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { ConfirmMutationDialog } from '../../../components/modals/confirm-mutation-dialog'
import { Cell } from '../../../components/table'
import { useFeedback } from '../../../components/use-feedback'
import { USER_ROLES, type UserRole } from './roles'

export interface UserRecord {
  id: string
  email?: string
  first_name?: string | null
  last_name?: string | null
  role?: string
}

/** One team member: name, email, a role picker saved on change, and removal (not of oneself). */
export function UserRow({ user }: { user: UserRecord }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const { user: me } = useAdminGetSession()
  const update = useAdminUpdateUser(user.id)
  const remove = useAdminDeleteUser(user.id)
  const [confirming, setConfirming] = useState(false)
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || '—'
  const isMe = me?.id === user.id

  const changeRole = (role: UserRole) =>
    feedback.run(() => update.mutateAsync({ role }), t('team.roleSaved', { email: user.email }))

  return (
    <tr>
      <Cell className="font-medium">{name}</Cell>
      <Cell>{user.email}</Cell>
      <Cell>
        <select
          aria-label={t('team.roleOf', { email: user.email })}
          value={user.role}
          disabled={isMe || update.isPending}
          onChange={(event) => void changeRole(event.target.value as UserRole)}
          className="rounded-md border border-gray-200 bg-gray-50 px-2 py-1 text-sm"
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`team.roles.${role}`)}
            </option>
          ))}
        </select>
      </Cell>
      <Cell className="text-end">
        {!isMe && (
          <ActionMenu
            label={t('ui:table.rowActions', { name: user.email })}
            items={[
              { label: t('team.remove', { email: user.email }), onSelect: () => setConfirming(true), danger: true },
            ]}
          />
        )}
        <ConfirmMutationDialog
          open={confirming}
          title={t('team.removeTitle')}
          message={t('team.removeMessage', { email: user.email })}
          confirmLabel={t('actions.delete')}
          mutation={remove}
          successMessage={t('team.removed', { email: user.email })}
          onClose={() => setConfirming(false)}
        />
      </Cell>
    </tr>
  )
}
