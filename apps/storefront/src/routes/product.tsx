import { useProducts, useSessionCart } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { PageMeta } from '../components/page-meta'
import { useMoney } from '../lib/money'
import { useRegion } from '../lib/region'
import { stockOf } from '../lib/stock'

export default function ProductPage() {
  const { t } = useTranslation()
  const { handle = '' } = useParams()
  const { region } = useRegion()
  const money = useMoney()
  const cart = useSessionCart()
  const { products, isLoading } = useProducts({ handle, region_id: region?.id, limit: 1 }, { enabled: !!region })
  const product = products?.[0]
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const [added, setAdded] = useState(false)
  const [imageIndex, setImageIndex] = useState(0)

  if (isLoading || !region) return <p>{t('common.loading')}</p>
  if (!product) return <p>{t('product.notFound')}</p>

  const options = product.options ?? []
  const variants = product.variants ?? []
  // Until every option is chosen, the first variant's values stand in, so a price always shows.
  const values = Object.fromEntries(
    options.map((option) => [
      option.id,
      chosen[option.id] ?? variants[0]?.options?.find((value) => value.option_id === option.id)?.value ?? '',
    ]),
  )
  const variant =
    variants.find((candidate) =>
      options.every((option) =>
        candidate.options?.some((value) => value.option_id === option.id && value.value === values[option.id]),
      ),
    ) ?? variants[0]
  const stock = variant ? stockOf(variant) : { available: 0, sellable: false }
  const hasPrice = variant?.prices?.some((price) => price.currency_code.toLowerCase() === region.currency_code)
  const inCart = variant ? (cart.getItem(variant.id)?.quantity ?? 0) : 0
  const images = product.images?.length
    ? product.images
    : product.thumbnail
      ? [{ id: 'thumb', url: product.thumbnail }]
      : []
  const image = images[Math.min(imageIndex, images.length - 1)]

  const addToCart = () => {
    if (!variant) return
    cart.addItem({
      variant: {
        ...variant,
        id: variant.id,
        prices: variant.prices ?? [],
        inventory_quantity: stock.available,
        product_title: product.title,
        product_handle: product.handle,
        thumbnail: product.thumbnail,
      },
      quantity: Math.min(inCart + 1, stock.available),
    })
    setAdded(true)
  }

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <PageMeta
        title={product.title!}
        description={product.subtitle ?? product.description ?? undefined}
        image={product.thumbnail}
      />
      <div>
        {image ? (
          <img
            src={image.url}
            alt={product.title ?? ''}
            width={600}
            height={600}
            className="aspect-square w-full rounded bg-gray-100 object-cover"
          />
        ) : null}
        {images.length > 1 ? (
          <ul aria-label={t('product.images', { title: product.title })} className="mt-2 flex gap-2">
            {images.map((candidate, index) => (
              <li key={candidate.id}>
                <button
                  type="button"
                  onClick={() => setImageIndex(index)}
                  aria-pressed={index === imageIndex}
                  className="rounded border-2 border-transparent aria-pressed:border-gray-900"
                >
                  <img
                    src={candidate.url}
                    alt={`${product.title} ${index + 1}`}
                    width={64}
                    height={64}
                    className="h-16 w-16 object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div>
        <h1 className="text-3xl font-bold">{product.title}</h1>
        {product.subtitle ? <p className="mt-1 text-gray-700">{product.subtitle}</p> : null}
        <p className="mt-4 text-2xl" data-testid="product-price">
          {variant && hasPrice ? money.variant(variant, region) : t('product.noPrice')}
        </p>
        {hasPrice && (region.tax_rate ?? 0) > 0 ? (
          <p className="text-sm text-gray-700">{t('product.taxIncluded')}</p>
        ) : null}
        {options.map((option) => (
          <fieldset key={option.id} className="mt-4">
            <legend className="font-medium">{option.title}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[...new Set(option.values?.map((value) => value.value))].map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={values[option.id] === value}
                  onClick={() => {
                    setChosen({ ...values, [option.id]: value })
                    setAdded(false)
                  }}
                  className="rounded border border-gray-500 px-3 py-1 aria-pressed:bg-gray-900 aria-pressed:text-white"
                >
                  {value}
                </button>
              ))}
            </div>
          </fieldset>
        ))}
        <p className="mt-4" data-testid="stock-state">
          {!stock.sellable
            ? t('product.outOfStock')
            : stock.available < 10
              ? t('product.lowStock', { count: stock.available })
              : t('product.inStock')}
        </p>
        <button
          type="button"
          onClick={addToCart}
          disabled={!stock.sellable || !hasPrice || inCart >= stock.available}
          className="mt-4 rounded bg-gray-900 px-6 py-3 font-medium text-white disabled:bg-gray-500"
        >
          {t('product.addToCart')}
        </button>
        <p role="status" className="mt-2 text-green-800">
          {added ? t('product.added') : ''}
        </p>
        {product.description ? <p className="mt-6 whitespace-pre-line text-gray-800">{product.description}</p> : null}
      </div>
    </article>
  )
}
