import { useAdminDeleteSession, useAdminGetSession } from '@emporium/react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Button } from '../button'
import { LanguageSwitcher } from '../language-switcher'

/** The signed-in user, their personal settings, the interface language and sign out, at the foot of the sidebar. */
export function ProfileMenu() {
  const { t } = useTranslation('layout')
  const { user } = useAdminGetSession()
  const signOut = useAdminDeleteSession()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const leave = () => {
    // Nothing of this user's data (the session included) may outlive the sign out.
    queryClient.clear()
    navigate('/login', { replace: true })
  }
  return (
    <div className="flex flex-col gap-3" aria-label={t('profile.menu')}>
      {user && <p className="truncate text-xs text-gray-500">{user.email}</p>}
      <Link to="/a/settings/personal-information" className="text-sm text-gray-600 hover:text-violet-700">
        {t('settings:cards.personalInformation.label')}
      </Link>
      <LanguageSwitcher />
      <Button
        variant="ghost"
        className="justify-start"
        loading={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSettled: leave })}
      >
        {t('profile.signOut')}
      </Button>
    </div>
  )
}
