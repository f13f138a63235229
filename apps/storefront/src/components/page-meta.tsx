import { useTranslation } from 'react-i18next'

/** Title, description and Open Graph tags of a page (React hoists them into <head>). */
export function PageMeta({
  title,
  description,
  image,
}: {
  title: string
  description?: string
  image?: string | null
}) {
  const { t } = useTranslation()
  // The server writes these into <head> itself (entry-server.tsx); the browser's render owns them after.
  if (typeof window === 'undefined') return null
  const full = `${title} · ${t('shop.name')}`
  return (
    <>
      <title>{full}</title>
      {description ? <meta name="description" content={description} /> : null}
      <meta property="og:title" content={title} />
      <meta property="og:site_name" content={t('shop.name')} />
      {description ? <meta property="og:description" content={description} /> : null}
      {image ? <meta property="og:image" content={image} /> : null}
    </>
  )
}
