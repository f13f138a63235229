import { useId, useState } from 'react'
import { currencyDecimals, fromMinorUnits, toMinorUnits } from '../../lib/money'
import { FieldLabel } from './field-label'
import { InputError } from './input-error'

interface MoneyInputProps {
  label: string
  currencyCode: string
  /** The amount in minor units (cents; yen and won as they are), or null while empty or invalid. */
  value: number | null
  onChange: (amount: number | null) => void
  /** Shown under the field when the typed text is not an amount of this currency. */
  invalidMessage: string
  required?: boolean
  className?: string
}

/**
 * An amount typed in major units and passed on in minor units: '12.50' USD → 1250, '1000' JPY →
 * 1000. Zero-decimal currencies accept no decimal point.
 */
export function MoneyInput({
  label,
  currencyCode,
  value,
  onChange,
  invalidMessage,
  required,
  className = '',
}: MoneyInputProps) {
  const id = useId()
  const [text, setText] = useState(value === null ? '' : fromMinorUnits(value, currencyCode))
  const [lastValue, setLastValue] = useState(value)
  // A value set from outside (a reset, another record) replaces the text; our own echo does not.
  if (value !== lastValue) {
    setLastValue(value)
    setText(value === null ? '' : fromMinorUnits(value, currencyCode))
  }
  const invalid = text.trim() !== '' && toMinorUnits(text, currencyCode) === null
  const decimals = currencyDecimals(currencyCode)
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <div
        className={`flex items-center rounded-md border bg-gray-50 focus-within:bg-white ${
          invalid ? 'border-rose-500 ring-1 ring-rose-500' : 'border-gray-200 focus-within:border-violet-500'
        }`}
      >
        <span aria-hidden className="ps-3 text-sm text-gray-500 uppercase">
          {currencyCode}
        </span>
        <input
          id={id}
          inputMode={decimals === 0 ? 'numeric' : 'decimal'}
          dir="ltr"
          required={required}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          placeholder={decimals === 0 ? '0' : '0.00'}
          className="w-full bg-transparent px-3 py-2 text-end text-sm outline-none"
          value={text}
          onChange={(event) => {
            const next = event.target.value
            setText(next)
            const amount = next.trim() === '' ? null : toMinorUnits(next, currencyCode)
            setLastValue(amount)
            onChange(amount)
          }}
        />
      </div>
      <InputError id={`${id}-error`} errors={invalid ? [invalidMessage] : []} />
    </div>
  )
}
