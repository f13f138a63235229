import { useAdminStore } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useExtensions } from '../../extensions/extensions-context'
import { visibleSettingsPages } from './settings-pages'

interface Card {
  path: string
  label: string
  description: string
  icon?: React.ComponentType<{ className?: string }>
}

/** Cards for the core settings pages that have a screen (and their flag on), then those added by extensions. */
export function SettingsOverview() {
  const { t } = useTranslation('layout')
  const extensions = useExtensions()
  const { store } = useAdminStore()
  const cards: Card[] = [
    ...visibleSettingsPages(store).map((page) => ({
      path: page.link ?? `/settings${page.path}`,
      label: t(page.labelKey),
      description: t(page.descriptionKey),
    })),
    ...extensions.settingsCards(),
  ]
  return (
    <section>
      <h1 className="text-2xl font-semibold text-gray-900">{t('settings.title')}</h1>
      <p className="mt-1 text-sm text-gray-500">{t('settings.description')}</p>
      <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {cards.map(({ path, label, description, icon: Icon }) => (
          <Link
            key={path}
            to={`/a${path}`}
            className="flex gap-3 rounded-lg border border-gray-200 bg-white p-4 hover:border-violet-300"
          >
            {Icon && <Icon className="h-5 w-5 text-gray-500" />}
            <span>
              <span className="block text-sm font-semibold text-gray-900">{label}</span>
              <span className="block text-sm text-gray-500">{description}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  )
}
