import { useAdminStore } from '@emporium/react'
import { Suspense } from 'react'
import { Outlet, useNavigation } from 'react-router'
import { BatchJobNotifications } from '../../batch-jobs/batch-job-notifications'
import { useExtensions } from '../../extensions/extensions-context'
import { SETTINGS_AREA, visibleAreas } from '../../routes/areas/areas'
import { hasSettings } from '../../routes/settings/settings-pages'
import { PageSpinner } from '../spinner'
import { ProfileMenu } from './profile-menu'
import { Sidebar } from './sidebar'

/** The admin area's frame: sidebar on the start side, the current page beside it. */
export function AdminLayout() {
  const { store } = useAdminStore()
  const extensions = useExtensions()
  const areas = [...visibleAreas(store), ...(hasSettings(extensions) ? [SETTINGS_AREA] : [])]
  // A page whose code or loader data is on its way shows the spinner instead of the page it replaces.
  const loading = useNavigation().state === 'loading'
  return (
    <div className="flex h-screen">
      <Sidebar
        storeName={store?.name}
        areas={areas}
        extensionLinks={extensions.navigationLinks()}
        footer={<ProfileMenu />}
      />
      <main className="flex-1 overflow-y-auto">
        <div className="mx-auto max-w-6xl px-8 py-6">
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
