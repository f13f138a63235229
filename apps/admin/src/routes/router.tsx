import type { RouteObject } from 'react-router'
import { AnalyticsProvider } from '../analytics/analytics-provider'
import { RequireAuth } from '../components/auth/require-auth'
import { AdminLayout } from '../components/layout/admin-layout'
import { PageSpinner } from '../components/spinner'
import { notify } from '../components/toasts/notify'
import type { ExtensionRegistry } from '../extensions/registry'
import { AdminHome } from './admin-home'
import { AreaGuard } from './areas/area-guard'
import { CORE_AREAS, SETTINGS_AREA } from './areas/areas'
import { InvitePage } from './invite/invite'
import { Landing } from './landing'
import { LoginPage } from './login/login'
import { ResetPasswordPage } from './reset-password/reset-password'
import { settingsRoutes } from './settings/routes'
import { hasSettings } from './settings/settings-pages'
import { NotFound } from './shell/not-found'
import { RouterError } from './shell/router-error'

/** The routes inside /a: core areas with a screen, settings, and extension pages. */
function adminAreaRoutes(extensions: ExtensionRegistry): RouteObject[] {
  const areas = CORE_AREAS.filter((area) => area.routes).map((area) => ({
    path: area.path.slice(1),
    element: <AreaGuard area={area} />,
    children: [...area.routes!],
  }))
  const settings = hasSettings(extensions)
    ? [{ path: SETTINGS_AREA.path.slice(1), children: settingsRoutes(extensions) }]
    : []
  // Nested extension routes sit beside the area's own; static segments outrank the area's `:id`.
  const extensionPages = [
    ...extensions.topLevelRoutes(),
    ...CORE_AREAS.flatMap((area) => extensions.nestedRoutes(area.path)),
  ].map(({ nested, path, Component }) => ({
    path: `${nested ?? ''}${path}`.slice(1),
    element: <Component notify={notify} />,
  }))
  return [
    { index: true, element: <AdminHome /> },
    ...areas,
    ...settings,
    ...extensionPages,
    { path: '*', element: <NotFound /> },
  ]
}

/** The app shell of SPEC §2: landing, the admin area, invite, login, reset password, not found. */
export function appRoutes(extensions: ExtensionRegistry): RouteObject[] {
  return [
    {
      errorElement: <RouterError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: '/', element: <Landing /> },
        {
          path: '/a',
          element: (
            <RequireAuth>
              <AnalyticsProvider>
                <AdminLayout />
              </AnalyticsProvider>
            </RequireAuth>
          ),
          children: adminAreaRoutes(extensions),
        },
        {
          path: '/invite',
          element: (
            <AnalyticsProvider>
              <InvitePage />
            </AnalyticsProvider>
          ),
        },
        { path: '/login', element: <LoginPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]
}
