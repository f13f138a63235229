import { useAdminCreateInvite } from '@emporium/react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { InputField } from '../../../components/inputs/input-field'
import { Modal } from '../../../components/modals/modal'
import { SelectField } from '../../../components/inputs/select-field'
import { useFeedback } from '../../../components/use-feedback'
import { USER_ROLES, type UserRole } from './roles'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Invites a person by email with a role; they set their name and password on the invite page. */
export function InviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const invite = useAdminCreateInvite()
  const form = useForm<{ user: string; role: UserRole }>({ defaultValues: { user: '', role: 'member' } })
  const emailError = form.formState.errors.user?.message

  const close = () => {
    form.reset({ user: '', role: 'member' })
    onClose()
  }

  const save = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({ user: values.user.trim(), role: values.role })
      feedback.success(t('team.invited', { email: values.user.trim() }))
      close()
    } catch (failure) {
      feedback.failure(failure)
    }
  })

  return (
    <Modal open={open} onClose={close} title={t('team.inviteTitle')}>
      <form onSubmit={save} noValidate aria-label={t('team.inviteTitle')}>
        <Modal.Content>
          <div className="flex flex-col gap-4">
            <InputField
              type="email"
              label={t('team.email')}
              required
              errors={emailError ? [emailError] : []}
              {...form.register('user', { validate: (value) => EMAIL.test(value.trim()) || t('team.emailInvalid') })}
            />
            <SelectField
              label={t('team.role')}
              options={USER_ROLES.map((role) => ({ value: role, label: t(`team.roles.${role}`) }))}
              {...form.register('role')}
            />
          </div>
        </Modal.Content>
        <Modal.Footer>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="primary" loading={invite.isPending}>
            {t('team.sendInvite')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  )
}
