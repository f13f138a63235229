import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldLabel } from './field-label'

const INPUT =
  'w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm outline-none focus:border-violet-500 focus:bg-white'

interface DatePickerProps {
  label: string
  /** 'YYYY-MM-DD' or '' for none. */
  value: string
  onChange: (value: string) => void
  min?: string
  max?: string
  className?: string
}

/** A calendar date, on the browser's own date picker (keyboard and screen-reader ready, localized). */
export function DatePicker({ label, value, onChange, min, max, className = '' }: DatePickerProps) {
  const id = useId()
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT}
      />
    </div>
  )
}

export interface DateRange {
  from: string
  to: string
}

/** Two dates; each bounds the other so the range cannot be reversed. */
export function DateRangePicker({
  label,
  value,
  onChange,
  className = '',
}: {
  label: string
  value: DateRange
  onChange: (range: DateRange) => void
  className?: string
}) {
  const { t } = useTranslation('ui')
  return (
    <fieldset className={className}>
      <legend className="mb-1 text-sm font-medium text-gray-700">{label}</legend>
      <div className="flex flex-wrap gap-2">
        <DatePicker
          className="min-w-36 flex-1"
          label={t('date.from')}
          value={value.from}
          max={value.to || undefined}
          onChange={(from) => onChange({ ...value, from })}
        />
        <DatePicker
          className="min-w-36 flex-1"
          label={t('date.to')}
          value={value.to}
          min={value.from || undefined}
          onChange={(to) => onChange({ ...value, to })}
        />
      </div>
    </fieldset>
  )
}
