import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/money'
import type { StepProps } from './create-draft-order-modal'

/** What will be created; prices of variant lines come from the region once the draft exists. */
export function SummaryStep({ form, region }: StepProps) {
  const { t, i18n } = useTranslation('draft-orders')
  const { first_name, last_name, address_1, postal_code, city, country_code } = form.address
  return (
    <div className="flex flex-col gap-3 text-sm">
      <h3 className="font-medium">{t('steps.summary')}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-gray-600">{t('customer.email')}</dt>
        <dd>
          <bdi dir="ltr">{form.email}</bdi>
        </dd>
        <dt className="text-gray-600">{t('customer.region')}</dt>
        <dd>{region?.name}</dd>
        <dt className="text-gray-600">{t('steps.items')}</dt>
        <dd>
          <ul>
            {form.lines.map((line) => (
              <li key={line.key}>
                <bdi>{line.title}</bdi> × {line.quantity}
                {line.unit_price !== undefined && (
                  <span className="text-gray-600">
                    {' '}
                    ({formatMoney(line.unit_price, region?.currency_code ?? 'usd', i18n.language)})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="text-gray-600">{t('steps.address')}</dt>
        <dd>
          <bdi>
            {[first_name, last_name].join(' ')}, {address_1}, {postal_code} {city}, {country_code.toUpperCase()}
          </bdi>
        </dd>
      </dl>
    </div>
  )
}
