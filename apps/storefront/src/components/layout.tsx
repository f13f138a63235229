import { useSessionCart } from '@emporium/react'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, Outlet, useNavigation } from 'react-router'
import { LanguageSelect } from './language-select'
import { RegionSelect } from './region-select'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 hover:bg-gray-100 ${isActive ? 'font-semibold underline underline-offset-4' : ''}`

export function Layout() {
  const { t } = useTranslation()
  const { totalItems } = useSessionCart()
  const navigation = useNavigation()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t('shop.skip')}
      </a>
      <header className="border-b border-gray-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/" className="text-lg font-bold">
            {t('shop.name')}
          </Link>
          <nav aria-label={t('nav.main')} className="flex flex-wrap gap-1 text-sm">
            <NavLink to="/products" className={navClass}>
              {t('nav.catalogue')}
            </NavLink>
            <NavLink to="/search" className={navClass}>
              {t('nav.search')}
            </NavLink>
            <NavLink to="/account" className={navClass}>
              {t('nav.account')}
            </NavLink>
            <NavLink to="/cart" className={navClass} data-testid="cart-link">
              {t('nav.cart', { count: totalItems })}
            </NavLink>
          </nav>
          <div className="ml-auto flex flex-wrap gap-2">
            <RegionSelect />
            <LanguageSelect />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6" aria-busy={navigation.state === 'loading'}>
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-gray-200 py-6 text-sm text-gray-700">
        <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-2 px-4">
          <p>{t('shop.footer')}</p>
          <Link to="/order/lookup" className="underline">
            {t('nav.lookup')}
          </Link>
        </div>
      </footer>
    </div>
  )
}
