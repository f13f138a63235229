import { forwardRef, useId, type TextareaHTMLAttributes } from 'react'
import { FieldLabel } from './field-label'
import { InputError } from './input-error'

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  errors?: readonly string[]
}

/** A labelled multi-line input with the shared error display. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, errors = [], required, id, className = '', ...textarea },
  ref,
) {
  const generatedId = useId()
  const textareaId = id ?? generatedId
  const invalid = errors.length > 0
  return (
    <div className={className}>
      <FieldLabel htmlFor={textareaId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={textareaId}
        rows={3}
        required={required}
        aria-invalid={invalid}
        className={`w-full rounded-md border bg-gray-50 px-3 py-2 text-sm outline-none ${
          invalid ? 'border-rose-500 ring-1 ring-rose-500' : 'border-gray-200 focus:border-violet-500'
        }`}
        {...textarea}
      />
      <InputError errors={errors} />
    </div>
  )
})
