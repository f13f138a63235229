import { useCart, useSessionCart } from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { PageMeta } from '../components/page-meta'
import { useMoney } from '../lib/money'
import { useRegion } from '../lib/region'

export default function CartPage() {
  const { t } = useTranslation()
  const session = useSessionCart()
  const { startCheckout } = useCart()
  const { region, countryCode } = useRegion()
  const money = useMoney()
  const navigate = useNavigate()
  const [error, setError] = useState<string>()
  const items = session.items.filter((item) => item.quantity > 0)
  const currency = region?.currency_code ?? 'usd'
  // Shown with tax as on the product page; the checkout has the exact figures from the server.
  const withTax = (amount: number) =>
    Math.round(amount * (1 + (region?.includes_tax ? 0 : (region?.tax_rate ?? 0) / 100)))

  const checkout = async () => {
    if (!region) return
    setError(undefined)
    try {
      await startCheckout.mutateAsync({
        region_id: region.id,
        country_code: countryCode,
        items: items.map((item) => ({ variant_id: item.variant.id, quantity: item.quantity })),
      })
      navigate('/checkout')
    } catch (failure) {
      setError((failure as Error).message)
    }
  }

  return (
    <>
      <PageMeta title={t('cart.title')} />
      <h1 className="text-2xl font-bold">{t('cart.title')}</h1>
      {items.length === 0 ? (
        <p className="mt-4">
          {t('cart.empty')}{' '}
          <Link to="/products" className="underline">
            {t('cart.continue')}
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-gray-200 border-y border-gray-200">
            {items.map((item) => {
              const title = `${item.variant.product_title as string} – ${item.variant.title as string}`
              const atCap = item.quantity >= item.variant.inventory_quantity
              return (
                <li key={item.variant.id} className="flex flex-wrap items-center gap-4 py-4" data-testid="cart-item">
                  <span className="min-w-40 flex-1 font-medium">{title}</span>
                  <div className="flex items-center gap-2">
                    <button
                      type="button"
                      aria-label={t('cart.decrease', { title })}
                      onClick={() =>
                        item.quantity <= 1
                          ? session.removeItem(item.variant.id)
                          : session.decrementItemQuantity(item.variant.id)
                      }
                      className="h-9 w-9 rounded border border-gray-500"
                    >
                      −
                    </button>
                    <span aria-label={t('cart.quantity')} data-testid="cart-quantity">
                      {item.quantity}
                    </span>
                    <button
                      type="button"
                      aria-label={t('cart.increase', { title })}
                      onClick={() => session.incrementItemQuantity(item.variant.id)}
                      disabled={atCap}
                      className="h-9 w-9 rounded border border-gray-500 disabled:opacity-50"
                    >
                      +
                    </button>
                  </div>
                  {atCap ? (
                    <span className="text-sm text-gray-700">{t('cart.stockCap', { count: item.quantity })}</span>
                  ) : null}
                  <span className="w-28 text-right">{money.total(withTax(item.total * item.quantity), currency)}</span>
                  <button
                    type="button"
                    onClick={() => session.removeItem(item.variant.id)}
                    className="text-sm underline"
                  >
                    {t('cart.remove', { title })}
                  </button>
                </li>
              )
            })}
          </ul>
          <p className="mt-4 text-right text-lg font-semibold">
            {t('cart.total')}: <span data-testid="cart-total">{money.total(withTax(session.total), currency)}</span>
          </p>
          {error ? (
            <p role="alert" className="mt-2 text-red-800">
              {t('checkout.error', { message: error })}
            </p>
          ) : null}
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              onClick={checkout}
              disabled={startCheckout.isPending || !region}
              className="rounded bg-gray-900 px-6 py-3 font-medium text-white disabled:bg-gray-500"
            >
              {startCheckout.isPending ? t('checkout.preparing') : t('cart.checkout')}
            </button>
          </div>
        </>
      )}
    </>
  )
}
