import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'

const TABS = [
  { to: '/a/inventory', key: 'tabs.items', end: true },
  { to: '/a/inventory/locations', key: 'tabs.locations', end: false },
  { to: '/a/inventory/reservations', key: 'tabs.reservations', end: false },
] as const

/** The three inventory pages as tabs under the page title. */
export function InventoryTabs() {
  const { t } = useTranslation('inventory')
  return (
    <nav aria-label={t('tabs.label')} className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
              isActive ? 'border-violet-600 text-gray-900' : 'border-transparent text-gray-600 hover:text-gray-900'
            }`
          }
        >
          {t(tab.key)}
        </NavLink>
      ))}
    </nav>
  )
}
