import { useCollections, useProducts } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageMeta } from '../components/page-meta'
import { ProductCard } from '../components/product-card'
import { useRegion } from '../lib/region'

function FeaturedCollection({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation()
  const { region } = useRegion()
  const { products = [] } = useProducts({ collection_id: [id], limit: 4, region_id: region?.id })
  return (
    <section aria-labelledby={`collection-${id}`} className="mt-8">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`collection-${id}`} className="text-lg font-semibold">
          {title}
        </h3>
        <Link to={`/products?collection=${id}`} className="text-sm underline">
          {t('home.viewCollection')}
          <span className="sr-only">: {title}</span>
        </Link>
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
    </section>
  )
}

export default function Home() {
  const { t } = useTranslation()
  const { collections = [] } = useCollections({ limit: 3 })
  return (
    <>
      <PageMeta title={t('home.title')} description={t('home.lead')} />
      <section className="rounded bg-gray-100 px-6 py-10">
        <h1 className="text-3xl font-bold">{t('home.title')}</h1>
        <p className="mt-2 text-gray-800">{t('home.lead')}</p>
        <Link to="/products" className="mt-4 inline-block rounded bg-gray-900 px-4 py-2 font-medium text-white">
          {t('home.shopAll')}
        </Link>
      </section>
      <h2 className="mt-8 text-xl font-bold">{t('home.featured')}</h2>
      {collections.map((collection) => (
        <FeaturedCollection key={collection.id} id={collection.id} title={collection.title!} />
      ))}
    </>
  )
}
