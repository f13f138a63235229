import {
  useAddShippingAddress,
  useCustomerOrders,
  useDeleteSession,
  useDeleteShippingAddress,
  useMeCustomer,
} from '@emporium/react'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { Field } from '../components/field'
import { PageMeta } from '../components/page-meta'
import { useMoney } from '../lib/money'
import { useRegion } from '../lib/region'
import { signedIn } from '../lib/session'

export default function Account() {
  const isSignedIn = signedIn.get()
  return isSignedIn ? <AccountPage /> : <Navigate to="/account/login" replace />
}

function AccountPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const money = useMoney()
  const { region } = useRegion()
  // Off while logging out: the end of the session must not refetch the account (a 401).
  const [leaving, setLeaving] = useState(false)
  const me = useMeCustomer({ retry: false, enabled: !leaving })
  const orders = useCustomerOrders({ limit: 10, offset: 0 }, { enabled: me.isSuccess && !leaving })
  const logout = useDeleteSession()
  const addAddress = useAddShippingAddress()
  const deleteAddress = useDeleteShippingAddress()

  useEffect(
    function leaveWhenSessionEnded() {
      if (me.isError) {
        signedIn.set(false)
        navigate('/account/login', { replace: true })
      }
    },
    [me.isError, navigate],
  )

  if (!me.customer) return <p>{t('common.loading')}</p>
  const customer = me.customer

  const saveAddress = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const field = (name: string) => String(new FormData(form).get(name) ?? '')
    const address = {
      first_name: field('first_name'),
      last_name: field('last_name'),
      address_1: field('address_1'),
      postal_code: field('postal_code'),
      city: field('city'),
      country_code: field('country_code'),
    }
    addAddress.mutate({ address }, { onSuccess: () => form.reset() })
  }

  return (
    <section className="flex flex-col gap-8">
      <PageMeta title={t('account.title')} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('account.hello', { name: customer.first_name })}</h1>
        <button
          type="button"
          className="underline"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true)
            signedIn.set(false)
            // The session ends before the page changes: a full reload right after cannot cut it short.
            await logout.mutateAsync().catch(() => undefined)
            await navigate('/')
          }}
        >
          {t('account.logout')}
        </button>
      </div>

      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="text-lg font-semibold">
          {t('account.orders')}
        </h2>
        {orders.orders?.length === 0 ? <p>{t('account.noOrders')}</p> : null}
        <ul className="mt-2 flex flex-col gap-1" data-testid="order-history">
          {(orders.orders ?? []).map((order) => (
            <li key={order.id}>
              <Link to={`/account/orders/${order.id}`} className="underline">
                {t('account.orderLink', {
                  id: order.display_id,
                  total: money.total(order.total ?? 0, order.currency_code ?? 'usd'),
                })}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="addresses-heading">
        <h2 id="addresses-heading" className="text-lg font-semibold">
          {t('account.addresses')}
        </h2>
        {(customer.shipping_addresses ?? []).length === 0 ? <p>{t('account.noAddresses')}</p> : null}
        <ul className="mt-2 flex flex-col gap-2">
          {(customer.shipping_addresses ?? []).map((address) => {
            const line = `${address.first_name} ${address.last_name}, ${address.address_1}, ${address.postal_code} ${address.city}`
            return (
              <li
                key={address.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-gray-300 p-3"
              >
                <span>{line}</span>
                <button
                  type="button"
                  className="underline"
                  onClick={() => deleteAddress.mutate({ addressId: address.id })}
                >
                  {t('account.deleteAddress', { address: line })}
                </button>
              </li>
            )
          })}
        </ul>
        <form onSubmit={saveAddress} className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2">
          <Field label={t('checkout.firstName')} name="first_name" required defaultValue={customer.first_name ?? ''} />
          <Field label={t('checkout.lastName')} name="last_name" required defaultValue={customer.last_name ?? ''} />
          <div className="sm:col-span-2">
            <Field label={t('checkout.address1')} name="address_1" required />
          </div>
          <Field label={t('checkout.postalCode')} name="postal_code" required />
          <Field label={t('checkout.city')} name="city" required />
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor="address-country" className="font-medium">
              {t('checkout.country')}
            </label>
            <select
              id="address-country"
              name="country_code"
              className="rounded border border-gray-500 bg-white px-3 py-2 text-base"
            >
              {(region?.countries ?? []).map((country) => (
                <option key={country.iso_2} value={country.iso_2}>
                  {country.display_name}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              disabled={addAddress.isPending}
              className="rounded bg-gray-900 px-6 py-2 font-medium text-white"
            >
              {t('account.addAddress')}
            </button>
          </div>
        </form>
      </section>
    </section>
  )
}
