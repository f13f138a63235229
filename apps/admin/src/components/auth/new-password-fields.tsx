import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../inputs/field-errors'
import { InputField } from '../inputs/input-field'

export interface NewPasswordValues {
  password: string
  repeat: string
}

interface NewPasswordFieldsProps {
  passwordLabel: string
  repeatLabel: string
  mismatchMessage: string
}

/** A new password typed twice; the second must match. Reads the form from an `AuthForm`. */
export function NewPasswordFields({ passwordLabel, repeatLabel, mismatchMessage }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth')
  const form = useFormContext<NewPasswordValues>()
  const { errors } = form.formState
  return (
    <>
      <InputField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        errors={fieldErrors(errors.password)}
        {...form.register('password', { required: t('validation.required') })}
      />
      <InputField
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        required
        errors={fieldErrors(errors.repeat)}
        {...form.register('repeat', {
          validate: (value, values) => value === values.password || mismatchMessage,
        })}
      />
    </>
  )
}
