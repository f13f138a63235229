import { useAdminDeleteInvite, useAdminResendInvite } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { ActionMenu } from '../../../components/action-menu'
import { Cell } from '../../../components/table'
import { useFeedback } from '../../../components/use-feedback'

export interface InviteRecord {
  id: string
  user_email?: string
  role?: string
  accepted?: boolean
  expires_at?: string | Date
}

/** One pending invite: its email, role and state, with resend and delete. */
export function InviteRow({ invite, now }: { invite: InviteRecord; now: number }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const resend = useAdminResendInvite(invite.id)
  const remove = useAdminDeleteInvite(invite.id)
  const expired = invite.expires_at !== undefined && new Date(invite.expires_at).getTime() < now
  const state = invite.accepted ? t('team.accepted') : expired ? t('team.expired') : t('team.pending')

  return (
    <tr>
      <Cell className="font-medium">{invite.user_email}</Cell>
      <Cell>{invite.role ? t(`team.roles.${invite.role}`) : ''}</Cell>
      <Cell>{state}</Cell>
      <Cell className="text-end">
        <ActionMenu
          label={t('ui:table.rowActions', { name: invite.user_email })}
          items={[
            ...(invite.accepted
              ? []
              : [
                  {
                    label: t('team.resend', { email: invite.user_email }),
                    disabled: resend.isPending,
                    onSelect: () =>
                      void feedback.run(() => resend.mutateAsync(), t('team.resent', { email: invite.user_email })),
                  },
                ]),
            {
              label: t('team.deleteInvite', { email: invite.user_email }),
              danger: true,
              disabled: remove.isPending,
              onSelect: () =>
                void feedback.run(() => remove.mutateAsync(), t('team.inviteDeleted', { email: invite.user_email })),
            },
          ]}
        />
      </Cell>
    </tr>
  )
}
