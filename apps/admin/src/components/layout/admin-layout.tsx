import { useAdminStore } from '@emporium/react'
import * as Dialog from '@radix-ui/react-dialog'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigation } from 'react-router'
import { BatchJobNotifications } from '../../batch-jobs/batch-job-notifications'
import { useExtensions } from '../../extensions/extensions-context'
import { SETTINGS_AREA, visibleAreas } from '../../routes/areas/areas'
import { hasSettings } from '../../routes/settings/settings-pages'
import { PageSpinner } from '../spinner'
import { Logo } from './logo'
import { ProfileMenu } from './profile-menu'
import { Sidebar } from './sidebar'

/**
 * The admin area's frame: the sidebar on the start side from 1024 px up; below, a top bar whose
 * menu button opens the same sidebar as a drawer.
 */
export function AdminLayout() {
  const { t } = useTranslation('ui')
  const { store } = useAdminStore()
  const extensions = useExtensions()
  const areas = [...visibleAreas(store), ...(hasSettings(extensions) ? [SETTINGS_AREA] : [])]
  // A page whose code or loader data is on its way shows the spinner instead of the page it replaces.
  const loading = useNavigation().state === 'loading'
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The drawer closes once a link in it is followed, even to the page already open (a new location key).
  const { key: locationKey } = useLocation()
  const [drawerLocation, setDrawerLocation] = useState(locationKey)
  if (drawerLocation !== locationKey) {
    setDrawerLocation(locationKey)
    setDrawerOpen(false)
  }
  const sidebar = (
    <Sidebar
      storeName={store?.name}
      areas={areas}
      extensionLinks={extensions.navigationLinks()}
      footer={<ProfileMenu />}
    />
  )
  return (
    <div className="flex h-screen flex-col lg:flex-row">
      <div className="hidden lg:flex">{sidebar}</div>
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <header className="flex items-center gap-3 border-b border-gray-200 bg-white px-4 py-2 lg:hidden">
          <Dialog.Trigger
            aria-label={t('shell.openMenu')}
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100"
          >
            <span aria-hidden className="text-xl leading-none">
              ☰
            </span>
          </Dialog.Trigger>
          <Logo name={store?.name} />
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40 lg:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 start-0 z-50 flex max-w-[85vw] shadow-xl lg:hidden"
          >
            <Dialog.Title className="sr-only">{t('shell.menu')}</Dialog.Title>
            {sidebar}
            <Dialog.Close
              aria-label={t('shell.closeMenu')}
              className="absolute end-2 top-4 inline-flex h-8 w-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100"
            >
              ×
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <main className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto max-w-6xl px-4 py-4 sm:px-8 sm:py-6">
          {loading ? (
            <PageSpinner />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </div>
      </main>
      <BatchJobNotifications />
    </div>
  )
}
