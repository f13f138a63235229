import { useAdminSalesChannels } from '@emporium/react'
import { useTranslation } from 'react-i18next'
import { CheckboxField } from '../../../components/inputs/checkbox-field'
import { QueryState } from '../../../components/query-state'

interface ChannelChecklistProps {
  checked: ReadonlySet<string>
  onChange: (checked: ReadonlySet<string>) => void
}

/** A checkbox per sales channel of the store. */
export function ChannelChecklist({ checked, onChange }: ChannelChecklistProps) {
  const { t } = useTranslation('settings')
  const { sales_channels = [], isLoading, error } = useAdminSalesChannels({ limit: 100 })
  return (
    <div role="group" aria-label={t('apiKeys.salesChannels')} className="flex flex-col gap-2">
      <QueryState
        isLoading={isLoading}
        error={error}
        isEmpty={sales_channels.length === 0}
        emptyMessage={t('salesChannels.empty')}
      >
        {sales_channels.map((channel) => (
          <CheckboxField
            key={channel.id}
            label={channel.name ?? channel.id}
            checked={checked.has(channel.id)}
            onChange={(event) => {
              const next = new Set(checked)
              if (event.target.checked) next.add(channel.id)
              else next.delete(channel.id)
              onChange(next)
            }}
          />
        ))}
      </QueryState>
    </div>
  )
}
