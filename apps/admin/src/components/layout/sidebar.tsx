import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import type { NavigationLink } from '../../extensions/types'
import type { CoreArea } from '../../routes/areas/areas'
import { Logo } from './logo'

interface SidebarProps {
  storeName?: string
  areas: readonly CoreArea[]
  extensionLinks: readonly NavigationLink[]
  footer?: ReactNode
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${
    isActive ? 'bg-gray-100 font-semibold text-gray-900' : 'text-gray-700 hover:bg-gray-50'
  }`
}

/** The admin area's navigation: core areas, then links added by extensions. */
export function Sidebar({ storeName, areas, extensionLinks, footer }: SidebarProps) {
  const { t } = useTranslation('layout')
  return (
    <aside className="flex h-full w-60 shrink-0 flex-col border-e border-gray-200 bg-white">
      <div className="px-5 py-5 pe-12 lg:pe-5">
        <Logo name={storeName} />
      </div>
      <nav aria-label={t('sidebar.label')} className="flex flex-1 flex-col gap-1 overflow-y-auto px-3">
        <NavLink to="/a" end className={linkClass}>
          {t('dashboard:nav')}
        </NavLink>
        {areas.map((area) => (
          <NavLink key={area.key} to={`/a${area.path}`} className={linkClass}>
            {t(area.labelKey)}
          </NavLink>
        ))}
        {extensionLinks.length > 0 && (
          <>
            <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-gray-400 uppercase">
              {t('sidebar.extensions')}
            </p>
            {extensionLinks.map(({ path, label, icon: Icon }) => (
              <NavLink key={path} to={`/a${path}`} className={linkClass}>
                {Icon && <Icon className="h-4 w-4" />}
                {label}
              </NavLink>
            ))}
          </>
        )}
      </nav>
      {footer && <div className="border-t border-gray-200 p-3">{footer}</div>}
    </aside>
  )
}
