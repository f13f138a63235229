import type { RouteObject } from 'react-router'
import { notify } from '../../components/toasts/notify'
import type { ExtensionRegistry } from '../../extensions/registry'
import { SettingsOverview } from './settings-overview'
import { CORE_SETTINGS_PAGES } from './settings-pages'

/** /a/settings: the overview, the core settings pages with a screen, and extension settings. */
export function settingsRoutes(extensions: ExtensionRegistry): RouteObject[] {
  return [
    { index: true, element: <SettingsOverview /> },
    ...CORE_SETTINGS_PAGES.filter((page) => page.routes).map((page) => ({
      path: page.path.slice(1),
      children: [...page.routes!],
    })),
    ...extensions.settingsEntries().map(({ path, Component }) => ({
      path: path.slice(1),
      element: <Component notify={notify} />,
    })),
  ]
}
