import type { FormEventHandler, ReactNode } from 'react'
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { Button } from '../button'

interface AuthFormProps<Values extends FieldValues> {
  form: UseFormReturn<Values>
  onSubmit: FormEventHandler<HTMLFormElement>
  submitLabel: string
  children: ReactNode
  /** Below the submit button, e.g. a link to another auth page. */
  footer?: ReactNode
}

/** The form of an auth page: its fields, the form-wide error (`root`), the submit button. */
export function AuthForm<Values extends FieldValues>({
  form,
  onSubmit,
  submitLabel,
  children,
  footer,
}: AuthFormProps<Values>) {
  const rootError = form.formState.errors.root?.message
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {children}
        {rootError && (
          <p role="alert" className="text-sm text-rose-600">
            {rootError}
          </p>
        )}
        <Button type="submit" variant="primary" loading={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        {footer}
      </form>
    </FormProvider>
  )
}
