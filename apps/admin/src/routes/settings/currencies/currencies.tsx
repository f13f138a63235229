import {
  useAdminAddStoreCurrency,
  useAdminCurrencies,
  useAdminDeleteStoreCurrency,
  useAdminStore,
  useAdminUpdateCurrency,
  useAdminUpdateStore,
} from '@emporium/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { PageHeader, Section } from '../../../components/page-header'
import { QueryState } from '../../../components/query-state'
import { SelectField } from '../../../components/inputs/select-field'
import { Cell, Table } from '../../../components/table'
import { useFeedback } from '../../../components/use-feedback'
import { Switch } from '../../../components/inputs/switch'
import { isFeatureEnabled } from '../../areas/store-capabilities'

/** The store's default currency and the currencies it sells in. */
export function Currencies() {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const { store, isLoading, error, refetch } = useAdminStore()
  const taxInclusive = isFeatureEnabled(store, 'tax_inclusive_pricing')
  const { currencies: allCurrencies = [] } = useAdminCurrencies({ limit: 200 })
  const update = useAdminUpdateStore()
  const add = useAdminAddStoreCurrency()
  const remove = useAdminDeleteStoreCurrency()
  const [defaultCode, setDefaultCode] = useState<string | null>(null)
  const [toAdd, setToAdd] = useState('')
  const storeCurrencies = store?.currencies ?? []
  const storeCodes = new Set(storeCurrencies.map((currency) => currency.code))
  const addable = allCurrencies.filter((currency) => !storeCodes.has(currency.code))
  const currentDefault = defaultCode ?? store?.default_currency_code ?? ''

  return (
    <section>
      <PageHeader title={t('currencies.title')} description={t('currencies.description')} />
      <QueryState isLoading={isLoading} error={error} onRetry={() => void refetch()}>
        <Section title={t('currencies.default')}>
          <form
            className="flex items-end gap-2"
            aria-label={t('currencies.default')}
            onSubmit={(event) => {
              event.preventDefault()
              void feedback.run(
                () => update.mutateAsync({ default_currency_code: currentDefault }),
                t('currencies.defaultSaved'),
              )
            }}
          >
            <SelectField
              className="flex-1"
              label={t('currencies.default')}
              value={currentDefault}
              onChange={(event) => setDefaultCode(event.target.value)}
              options={storeCurrencies.map((currency) => ({
                value: currency.code ?? '',
                label: `${currency.code?.toUpperCase()} — ${currency.name}`,
              }))}
            />
            <Button
              type="submit"
              variant="primary"
              loading={update.isPending}
              disabled={currentDefault === store?.default_currency_code}
            >
              {t('actions.save')}
            </Button>
          </form>
        </Section>
        <Section title={t('currencies.storeCurrencies')}>
          <Table
            caption={t('currencies.storeCurrencies')}
            headers={[
              t('currencies.code'),
              t('currencies.name'),
              ...(taxInclusive ? [t('currencies.taxInclusive')] : []),
              <span key="actions" className="sr-only">
                {t('actions.actions')}
              </span>,
            ]}
          >
            {storeCurrencies.map((currency) => (
              <tr key={currency.code}>
                <Cell className="font-medium">{currency.code?.toUpperCase()}</Cell>
                <Cell>{currency.name}</Cell>
                {taxInclusive && (
                  <Cell>
                    <CurrencyTaxSwitch code={currency.code!} includesTax={Boolean(currency.includes_tax)} />
                  </Cell>
                )}
                <Cell className="text-right">
                  {currency.code !== store?.default_currency_code && (
                    <Button
                      variant="ghost"
                      loading={remove.isPending && remove.variables === currency.code}
                      onClick={() =>
                        void feedback.run(
                          () => remove.mutateAsync(currency.code!),
                          t('currencies.removed', { code: currency.code?.toUpperCase() }),
                        )
                      }
                    >
                      {t('currencies.remove', { code: currency.code?.toUpperCase() })}
                    </Button>
                  )}
                </Cell>
              </tr>
            ))}
          </Table>
          <form
            className="mt-4 flex items-end gap-2"
            aria-label={t('currencies.add')}
            onSubmit={(event) => {
              event.preventDefault()
              if (!toAdd) return
              void feedback
                .run(() => add.mutateAsync(toAdd), t('currencies.added', { code: toAdd.toUpperCase() }))
                .then(() => setToAdd(''))
            }}
          >
            <SelectField
              className="flex-1"
              label={t('currencies.addCurrency')}
              value={toAdd}
              onChange={(event) => setToAdd(event.target.value)}
              options={[
                { value: '', label: t('currencies.choose') },
                ...addable.map((currency) => ({
                  value: currency.code ?? '',
                  label: `${currency.code?.toUpperCase()} — ${currency.name}`,
                })),
              ]}
            />
            <Button type="submit" loading={add.isPending} disabled={!toAdd}>
              {t('currencies.add')}
            </Button>
          </form>
        </Section>
      </QueryState>
    </section>
  )
}

/** Whether prices in this currency are entered with tax included (flag `tax_inclusive_pricing`). */
function CurrencyTaxSwitch({ code, includesTax }: { code: string; includesTax: boolean }) {
  const { t } = useTranslation('settings')
  const feedback = useFeedback()
  const update = useAdminUpdateCurrency(code)
  return (
    <Switch
      aria-label={t('currencies.taxInclusiveFor', { code: code.toUpperCase() })}
      checked={includesTax}
      disabled={update.isPending}
      onCheckedChange={(checked) =>
        void feedback.run(
          () => update.mutateAsync({ includes_tax: checked }),
          t('currencies.taxInclusiveSaved', { code: code.toUpperCase() }),
        )
      }
    />
  )
}
