import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from './error-message'

/** `errorMessage` with the translated fallback 'Something went wrong, Please try again.'. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation('common')
  return useCallback((error: unknown) => errorMessage(error, t('errors.fallback')), [t])
}
