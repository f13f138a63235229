import { forwardRef, useId, useImperativeHandle, useRef, type InputHTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldLabel } from './field-label'
import { InputError } from './input-error'

export interface NumberInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label?: string
  errors?: readonly string[]
}

/**
 * A number input with step-down and step-up buttons. The buttons step the native input and fire an
 * input event, so controlled inputs and react-hook-form registrations see the change.
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { label, errors = [], required, id, className = '', ...input },
  ref,
) {
  const { t } = useTranslation('common')
  const inner = useRef<HTMLInputElement>(null)
  useImperativeHandle(ref, () => inner.current as HTMLInputElement)
  const generatedId = useId()
  const inputId = id ?? generatedId
  const invalid = errors.length > 0

  const step = (direction: 1 | -1) => {
    const element = inner.current
    if (!element) return
    if (direction === 1) element.stepUp()
    else element.stepDown()
    // stepUp/stepDown bypass React's value tracking, so the input event reaches onChange.
    element.dispatchEvent(new Event('input', { bubbles: true }))
  }

  return (
    <div className={className}>
      {label && (
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
      )}
      <div
        className={`flex items-center rounded-md border bg-gray-50 ${
          invalid ? 'border-rose-500 ring-1 ring-rose-500' : 'border-gray-200'
        }`}
      >
        <input
          ref={inner}
          id={inputId}
          type="number"
          required={required}
          aria-invalid={invalid}
          className="w-full bg-transparent px-3 py-2 text-sm outline-none disabled:opacity-50"
          {...input}
        />
        <button
          type="button"
          aria-label={t('inputs.decrease')}
          disabled={input.disabled}
          className="px-2 text-gray-500 hover:text-gray-900"
          onClick={() => step(-1)}
        >
          −
        </button>
        <button
          type="button"
          aria-label={t('inputs.increase')}
          disabled={input.disabled}
          className="px-2 text-gray-500 hover:text-gray-900"
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <InputError errors={errors} />
    </div>
  )
})
