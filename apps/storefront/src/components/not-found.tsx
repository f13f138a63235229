import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export function NotFound() {
  const { t } = useTranslation()
  return (
    <section>
      <title>{t('common.notFound')}</title>
      <h1 className="text-2xl font-bold">{t('common.notFound')}</h1>
      <p className="mt-2">{t('common.notFoundLead')}</p>
      <Link to="/" className="mt-4 inline-block underline">
        {t('common.backHome')}
      </Link>
    </section>
  )
}
