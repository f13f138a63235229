import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../../components/empty-state'
import { SectionCard } from '../../../components/section-card'

export interface AddressLike {
  id?: string
  company?: string | null
  first_name?: string | null
  last_name?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  phone?: string | null
}

function AddressCard({ address, label }: { address: AddressLike; label?: string }) {
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ')
  const lines = [
    address.company,
    name,
    address.address_1,
    address.address_2,
    [address.postal_code, address.city].filter(Boolean).join(' '),
    [address.province, address.country_code?.toUpperCase()].filter(Boolean).join(', '),
    address.phone,
  ].filter((line): line is string => Boolean(line))
  return (
    <li className="rounded-md border border-gray-200 p-3 text-sm">
      {label && <p className="mb-1 text-xs font-semibold text-gray-600 uppercase">{label}</p>}
      <address className="not-italic">
        {lines.map((line, index) => (
          <bdi key={index} className="block">
            {line}
          </bdi>
        ))}
      </address>
    </li>
  )
}

/** The customer's billing address and saved shipping addresses. */
export function CustomerAddresses({ billing, shipping }: { billing: AddressLike | null; shipping: AddressLike[] }) {
  const { t } = useTranslation('customers')
  return (
    <SectionCard title={t('addresses.title')}>
      {!billing && shipping.length === 0 ? (
        <EmptyState title={t('addresses.empty')} message={t('addresses.emptyMessage')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {billing && <AddressCard address={billing} label={t('addresses.billing')} />}
          {shipping.map((address, index) => (
            <AddressCard key={address.id ?? index} address={address} label={t('addresses.shipping')} />
          ))}
        </ul>
      )}
    </SectionCard>
  )
}
