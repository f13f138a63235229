import type { FieldError } from 'react-hook-form'

/** A react-hook-form field error as the `errors` list the input fields take. */
export function fieldErrors(error: Pick<FieldError, 'message'> | undefined): string[] {
  return error?.message ? [String(error.message)] : []
}
