import { useCart, useCartShippingOptions, useSessionCart, useUpdatePaymentSession } from '@emporium/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Field } from '../components/field'
import { PageMeta } from '../components/page-meta'
import { forgetCheckoutCart } from '../lib/checkout-cart'
import { useMoney } from '../lib/money'

/** One key per attempt to place an order: a double click or a retry sends the same one. */
const newAttemptKey = () => `checkout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

const TEST_BEHAVIOURS = ['authorize', 'requires_more'] as const

export default function Checkout() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const money = useMoney()
  const session = useSessionCart()
  const { cart, updateCart, addShippingMethod, pay, completeCheckout } = useCart()
  const cartId = cart?.id ?? ''
  const updatePaymentSession = useUpdatePaymentSession(cartId)
  // Until the shopper chooses, the form shows when the cart (restored after a reload, say) has no address.
  const [editing, setEditingAddress] = useState<boolean>()
  const editingAddress = editing ?? !cart?.shipping_address?.address_1
  const [attemptKey, setAttemptKey] = useState(newAttemptKey)
  const [error, setError] = useState<string>()
  const [needsMore, setNeedsMore] = useState(false)
  // The shopper's pick shows at once and until its request settles; then the server's cart says.
  const [pickedOption, setPickedOption] = useState<string>()
  const [pickedProvider, setPickedProvider] = useState<string>()
  const hasAddress = !!cart?.shipping_address?.address_1 && !editingAddress
  const options = useCartShippingOptions(cartId, undefined, { enabled: hasAddress })

  if (!cart) {
    return (
      <p>
        {t('cart.empty')}{' '}
        <Link to="/products" className="underline">
          {t('cart.continue')}
        </Link>
      </p>
    )
  }
  const currency = cart.region?.currency_code ?? 'usd'
  const countries = cart.region?.countries ?? []
  const address = cart.shipping_address
  const savedOption = cart.shipping_methods?.[0]?.shipping_option_id
  const selectedOption = pickedOption ?? savedOption
  const sessions = cart.payment_sessions ?? []
  const savedProvider = cart.payment_session?.provider_id
  const selectedProvider = pickedProvider ?? savedProvider
  const ready =
    !!cart.email && hasAddress && !!savedOption && !!savedProvider && !addShippingMethod.isPending && !pay.isPending

  const fail = (failure: unknown) => setError((failure as Error).message)

  const saveAddress = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    const { email, ...fields } = form
    const shipping = { ...fields, phone: fields.phone || undefined }
    setError(undefined)
    try {
      await updateCart.mutateAsync({ email, shipping_address: shipping, billing_address: shipping })
      setEditingAddress(false)
    } catch (failure) {
      fail(failure)
    }
  }

  const placeOrder = async () => {
    setError(undefined)
    try {
      const answer = await completeCheckout.mutateAsync({ idempotencyKey: attemptKey })
      if (answer.type === 'order') {
        const order = answer.data as { id: string }
        session.clearItems()
        forgetCheckoutCart()
        navigate(`/order/confirmed/${order.id}`)
        return
      }
      // The payment needs one more step (a 3-D Secure page, say): this attempt is over.
      setNeedsMore(true)
      setAttemptKey(newAttemptKey())
    } catch (failure) {
      fail(failure)
      setAttemptKey(newAttemptKey())
    }
  }

  /** The test provider's stand-in for the extra step: the shopper's bank now approves. */
  const confirmExtraStep = async () => {
    setError(undefined)
    try {
      await updateCart.mutateAsync({ context: { test_outcome: 'authorize' } })
      setNeedsMore(false)
      await placeOrder()
    } catch (failure) {
      fail(failure)
    }
  }

  return (
    <div className="grid gap-8 md:grid-cols-[2fr_1fr]">
      <PageMeta title={t('checkout.title')} />
      <div className="flex flex-col gap-8">
        <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
        <section aria-labelledby="address-heading">
          <h2 id="address-heading" className="text-lg font-semibold">
            {t('checkout.address')}
          </h2>
          {editingAddress || !address?.address_1 ? (
            <form onSubmit={saveAddress} className="mt-3 grid gap-3 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <Field
                  label={t('checkout.email')}
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  defaultValue={cart.email ?? ''}
                />
              </div>
              <Field
                label={t('checkout.firstName')}
                name="first_name"
                required
                autoComplete="given-name"
                defaultValue={address?.first_name ?? ''}
              />
              <Field
                label={t('checkout.lastName')}
                name="last_name"
                required
                autoComplete="family-name"
                defaultValue={address?.last_name ?? ''}
              />
              <div className="sm:col-span-2">
                <Field
                  label={t('checkout.address1')}
                  name="address_1"
                  required
                  autoComplete="address-line1"
                  defaultValue={address?.address_1 ?? ''}
                />
              </div>
              <Field
                label={t('checkout.postalCode')}
                name="postal_code"
                required
                autoComplete="postal-code"
                defaultValue={address?.postal_code ?? ''}
              />
              <Field
                label={t('checkout.city')}
                name="city"
                required
                autoComplete="address-level2"
                defaultValue={address?.city ?? ''}
              />
              <div className="flex flex-col gap-1 text-sm">
                <label htmlFor="checkout-country" className="font-medium">
                  {t('checkout.country')}
                </label>
                <select
                  id="checkout-country"
                  name="country_code"
                  defaultValue={address?.country_code ?? countries[0]?.iso_2}
                  className="rounded border border-gray-500 bg-white px-3 py-2 text-base"
                >
                  {countries.map((country) => (
                    <option key={country.iso_2} value={country.iso_2}>
                      {country.display_name}
                    </option>
                  ))}
                </select>
              </div>
              <Field
                label={t('checkout.phone')}
                name="phone"
                type="tel"
                autoComplete="tel"
                defaultValue={address?.phone ?? ''}
              />
              <div className="sm:col-span-2">
                <button
                  type="submit"
                  disabled={updateCart.isPending}
                  className="rounded bg-gray-900 px-6 py-2 font-medium text-white disabled:bg-gray-500"
                >
                  {t('checkout.continue')}
                </button>
              </div>
            </form>
          ) : (
            <div className="mt-2 flex items-start justify-between gap-4" data-testid="address-summary">
              <p>
                {cart.email}
                <br />
                {address.first_name} {address.last_name}, {address.address_1}, {address.postal_code} {address.city}
              </p>
              <button type="button" onClick={() => setEditingAddress(true)} className="underline">
                {t('checkout.edit')}
              </button>
            </div>
          )}
        </section>

        {hasAddress ? (
          <fieldset>
            <legend className="text-lg font-semibold">{t('checkout.shipping')}</legend>
            {options.shipping_options?.length === 0 ? <p>{t('checkout.noShipping')}</p> : null}
            <div className="mt-2 flex flex-col gap-2">
              {(options.shipping_options ?? []).map((option) => (
                <label key={option.id} className="flex items-center gap-2 rounded border border-gray-300 p-3">
                  <input
                    type="radio"
                    name="shipping"
                    checked={selectedOption === option.id}
                    onChange={() => {
                      setPickedOption(option.id)
                      addShippingMethod.mutate(
                        { option_id: option.id },
                        { onError: fail, onSettled: () => setPickedOption(undefined) },
                      )
                    }}
                  />
                  <span className="flex-1">{option.name}</span>
                  <span>{money.total(option.amount ?? 0, currency)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {hasAddress && savedOption ? (
          <fieldset>
            <legend className="text-lg font-semibold">{t('checkout.payment')}</legend>
            <div className="mt-2 flex flex-col gap-2">
              {sessions.map((paymentSession) => (
                <label
                  key={paymentSession.provider_id}
                  className="flex items-center gap-2 rounded border border-gray-300 p-3"
                >
                  <input
                    type="radio"
                    name="payment"
                    checked={selectedProvider === paymentSession.provider_id}
                    onChange={() => {
                      setPickedProvider(paymentSession.provider_id)
                      pay.mutate(
                        { provider_id: paymentSession.provider_id },
                        { onError: fail, onSettled: () => setPickedProvider(undefined) },
                      )
                    }}
                  />
                  {t(`checkout.provider_${paymentSession.provider_id}`, { defaultValue: paymentSession.provider_id })}
                </label>
              ))}
            </div>
            {selectedProvider === 'test' ? (
              <TestCardBehaviour
                onChange={(outcome) =>
                  updateCart.mutate(
                    { context: { test_outcome: outcome } },
                    { onSuccess: () => updatePaymentSession.mutate({ provider_id: 'test', data: {} }), onError: fail },
                  )
                }
              />
            ) : null}
          </fieldset>
        ) : null}

        {needsMore ? (
          <div role="alert" className="rounded border border-amber-700 bg-amber-50 p-4">
            <p>{t('checkout.requiresMore')}</p>
            <button type="button" onClick={confirmExtraStep} className="mt-2 rounded bg-gray-900 px-4 py-2 text-white">
              {t('checkout.confirmPayment')}
            </button>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-red-800">
            {t('checkout.error', { message: error })}
          </p>
        ) : null}
      </div>

      <aside aria-labelledby="summary-heading" className="h-fit rounded border border-gray-300 p-4">
        <h2 id="summary-heading" className="text-lg font-semibold">
          {t('checkout.summary')}
        </h2>
        <ul className="mt-2 text-sm">
          {(cart.items ?? []).map((item) => (
            <li key={item.id} className="flex justify-between gap-2 py-1">
              <span>
                {item.quantity} × {item.title}
              </span>
              <span>{money.total(item.subtotal ?? item.unit_price * item.quantity, currency)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-2 gap-1 border-t border-gray-200 pt-2 text-sm">
          <dt>{t('checkout.subtotal')}</dt>
          <dd className="text-right">{money.total(cart.subtotal ?? 0, currency)}</dd>
          <dt>{t('checkout.shippingTotal')}</dt>
          <dd className="text-right">{money.total(cart.shipping_total ?? 0, currency)}</dd>
          <dt>{t('checkout.tax')}</dt>
          <dd className="text-right">{money.total(cart.tax_total ?? 0, currency)}</dd>
          <dt className="font-semibold">{t('checkout.total')}</dt>
          <dd className="text-right font-semibold" data-testid="checkout-total">
            {money.total(cart.total ?? 0, currency)}
          </dd>
        </dl>
        <button
          type="button"
          onClick={placeOrder}
          disabled={!ready || completeCheckout.isPending}
          className="mt-4 w-full rounded bg-gray-900 px-6 py-3 font-medium text-white disabled:bg-gray-500"
        >
          {completeCheckout.isPending ? t('checkout.placing') : t('checkout.placeOrder')}
        </button>
      </aside>
    </div>
  )
}

function TestCardBehaviour({ onChange }: { onChange(outcome: (typeof TEST_BEHAVIOURS)[number]): void }) {
  const { t } = useTranslation()
  return (
    <div className="mt-3 flex flex-col gap-1 text-sm">
      <label htmlFor="test-card-behaviour" className="font-medium">
        {t('checkout.testBehaviour')}
      </label>
      <select
        id="test-card-behaviour"
        onChange={(event) => onChange(event.target.value as (typeof TEST_BEHAVIOURS)[number])}
        className="w-fit rounded border border-gray-500 bg-white px-3 py-2"
      >
        {TEST_BEHAVIOURS.map((outcome) => (
          <option key={outcome} value={outcome}>
            {t(`checkout.test_${outcome}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
