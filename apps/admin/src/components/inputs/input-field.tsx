import { forwardRef, useId, type InputHTMLAttributes } from 'react'
import { FieldLabel } from './field-label'
import { InputError } from './input-error'

export interface InputFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label?: string
  /** Messages for this field; with any, the input is outlined in red and they show under it. */
  errors?: readonly string[]
}

export const InputField = forwardRef<HTMLInputElement, InputFieldProps>(function InputField(
  { label, errors = [], required, id, className = '', ...input },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const errorId = `${inputId}-error`
  const invalid = errors.length > 0
  return (
    <div className={className}>
      {label && (
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
      )}
      <input
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        className={`w-full rounded-md border bg-gray-50 px-3 py-2 text-sm outline-none focus:bg-white disabled:opacity-50 ${
          invalid ? 'border-rose-500 ring-1 ring-rose-500' : 'border-gray-200 focus:border-violet-500'
        }`}
        {...input}
      />
      <InputError id={errorId} errors={errors} />
    </div>
  )
})
