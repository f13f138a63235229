import { Link } from 'react-router'
import { useMoney } from '../lib/money'
import { useRegion } from '../lib/region'

export interface CardProduct {
  id?: string
  title?: string
  handle?: string | null
  thumbnail?: string | null
  variants?: { prices?: { currency_code: string; amount: number }[] | null }[] | null
}

/** The lowest variant price in the region, so "from" prices never overstate. */
function cheapestVariant(product: CardProduct, currency: string) {
  let best: CardProduct['variants'] extends (infer V)[] | null | undefined ? V | undefined : never
  let bestAmount = Infinity
  for (const variant of product.variants ?? []) {
    const price = variant.prices?.find((candidate) => candidate.currency_code.toLowerCase() === currency)
    if (price && price.amount < bestAmount) {
      best = variant
      bestAmount = price.amount
    }
  }
  return best
}

export function ProductCard({ product }: { product: CardProduct }) {
  const { region } = useRegion()
  const money = useMoney()
  const variant = region ? cheapestVariant(product, region.currency_code.toLowerCase()) : undefined
  return (
    <li className="group flex flex-col">
      <Link to={`/products/${product.handle}`} className="flex flex-col gap-2 rounded focus-visible:outline-2">
        {product.thumbnail ? (
          <img
            src={product.thumbnail}
            alt=""
            width={400}
            height={400}
            loading="lazy"
            className="aspect-square w-full rounded bg-gray-100 object-cover"
          />
        ) : (
          <div className="aspect-square w-full rounded bg-gray-100" />
        )}
        <span className="font-medium group-hover:underline">{product.title}</span>
      </Link>
      {variant && region ? (
        <span className="text-sm text-gray-800" data-testid="product-price">
          {money.variant(variant, region)}
        </span>
      ) : null}
    </li>
  )
}
