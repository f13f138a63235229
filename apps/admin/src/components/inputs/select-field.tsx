import { forwardRef, useId, type SelectHTMLAttributes } from 'react'
import { FieldLabel } from './field-label'
import { InputError } from './input-error'

export interface SelectOption {
  value: string
  label: string
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string
  options: readonly SelectOption[]
  errors?: readonly string[]
}

/** A labelled native select with the shared error display. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, errors = [], required, id, className = '', ...select },
  ref,
) {
  const generatedId = useId()
  const selectId = id ?? generatedId
  const invalid = errors.length > 0
  return (
    <div className={className}>
      <FieldLabel htmlFor={selectId} required={required}>
        {label}
      </FieldLabel>
      <select
        ref={ref}
        id={selectId}
        required={required}
        aria-invalid={invalid}
        className={`w-full rounded-md border bg-gray-50 px-3 py-2 text-sm outline-none ${
          invalid ? 'border-rose-500 ring-1 ring-rose-500' : 'border-gray-200 focus:border-violet-500'
        }`}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <InputError errors={errors} />
    </div>
  )
})
