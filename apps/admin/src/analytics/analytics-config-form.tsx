import { useId, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../components/button'
import { InputField } from '../components/inputs/input-field'
import { Switch } from '../components/inputs/switch'
import { notify } from '../components/toasts/notify'
import { useErrorMessage } from '../lib/use-error-message'
import { EMAIL_PATTERN } from './email'

export interface AnalyticsPreferences {
  anonymize: boolean
  opt_out: boolean
}

export interface AnalyticsFormValues extends AnalyticsPreferences {
  email: string
}

interface AnalyticsConfigFormProps {
  /** Shows the email field (the first-time consent screen does; profile preferences do not). */
  withEmail: boolean
  emailPlaceholder?: string
  defaultValues?: Partial<AnalyticsPreferences>
  /** Saves the preferences; a rejection shows an error toast titled 'Error'. */
  onSubmit: (values: AnalyticsFormValues) => Promise<void>
  /** Show 'Analytics preferences success' after saving. */
  successToast?: boolean
  /** The submit button's text; 'Continue' by default, as on the consent screen. */
  submitLabel?: string
}

/**
 * The usage-data preferences form (SPEC §2, §4, §5): opting out forces anonymize off and disables it;
 * with either option on the email field is disabled and dimmed.
 */
export function AnalyticsConfigForm({
  withEmail,
  emailPlaceholder,
  defaultValues,
  onSubmit,
  successToast = false,
  submitLabel,
}: AnalyticsConfigFormProps) {
  const { t } = useTranslation('analytics')
  const toMessage = useErrorMessage()
  const [submitting, setSubmitting] = useState(false)
  const ids = { anonymize: useId(), optOut: useId() }
  const form = useForm<AnalyticsFormValues>({
    defaultValues: {
      email: '',
      anonymize: defaultValues?.opt_out ? false : (defaultValues?.anonymize ?? false),
      opt_out: defaultValues?.opt_out ?? false,
    },
  })
  const [anonymize, optOut] = useWatch({ control: form.control, name: ['anonymize', 'opt_out'] })
  const emailDisabled = anonymize || optOut

  const submit = form.handleSubmit(async (values) => {
    setSubmitting(true)
    try {
      await onSubmit(values)
      if (successToast) notify.success(t('preferences.successTitle'), t('preferences.successMessage'))
    } catch (error) {
      notify.error(t('preferences.errorTitle'), toMessage(error))
    } finally {
      setSubmitting(false)
    }
  })

  const emailErrors = form.formState.errors.email?.message ? [form.formState.errors.email.message] : []

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      {withEmail && (
        <InputField
          label={t('consent.email')}
          type="email"
          placeholder={emailPlaceholder}
          disabled={emailDisabled}
          className={emailDisabled ? 'opacity-50' : undefined}
          errors={emailErrors}
          {...form.register('email', {
            validate: (value) => !value || emailDisabled || EMAIL_PATTERN.test(value) || t('consent.invalidEmail'),
          })}
        />
      )}
      <Controller
        control={form.control}
        name="anonymize"
        render={({ field }) => (
          <PreferenceSwitch
            id={ids.anonymize}
            title={t('consent.anonymizeTitle')}
            description={t('consent.anonymizeDescription')}
            checked={field.value}
            disabled={optOut}
            onCheckedChange={(checked) => {
              field.onChange(checked)
              if (checked) form.clearErrors('email')
            }}
          />
        )}
      />
      <Controller
        control={form.control}
        name="opt_out"
        render={({ field }) => (
          <PreferenceSwitch
            id={ids.optOut}
            title={t('consent.optOutTitle')}
            description={t('consent.optOutDescription')}
            checked={field.value}
            onCheckedChange={(checked) => {
              field.onChange(checked)
              if (checked) {
                form.setValue('anonymize', false)
                form.clearErrors('email')
              }
            }}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={submitting}>
          {submitLabel ?? t('consent.continue')}
        </Button>
      </div>
    </form>
  )
}

interface PreferenceSwitchProps {
  id: string
  title: string
  description: string
  checked: boolean
  disabled?: boolean
  onCheckedChange: (checked: boolean) => void
}

function PreferenceSwitch({ id, title, description, checked, disabled, onCheckedChange }: PreferenceSwitchProps) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <p id={`${id}-title`} className="text-sm font-semibold text-gray-900">
          {title}
        </p>
        <p id={`${id}-description`} className="text-sm text-gray-500">
          {description}
        </p>
      </div>
      <Switch
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
      />
    </div>
  )
}
