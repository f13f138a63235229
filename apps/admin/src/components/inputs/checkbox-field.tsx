import { forwardRef, useId, type InputHTMLAttributes } from 'react'

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string
}

/** A checkbox with its label beside it. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, id, className = '', ...input },
  ref,
) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input ref={ref} id={inputId} type="checkbox" className="h-4 w-4 accent-violet-600" {...input} />
      <label htmlFor={inputId} className="text-sm text-gray-700">
        {label}
      </label>
    </div>
  )
})
