import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { notify } from './toasts/notify'
import { useErrorMessage } from '../lib/use-error-message'

/** Success and error toasts after a write: 'Success' with the given text, or 'Error' with the server's message. */
export function useFeedback() {
  const { t } = useTranslation('common')
  const message = useErrorMessage()
  const success = useCallback((text: string) => notify.success(t('toasts.success'), text), [t])
  const failure = useCallback((error: unknown) => notify.error(t('errors.title'), message(error)), [t, message])
  /** Runs a write and shows its outcome; never rejects. */
  const run = useCallback(
    async (write: () => Promise<unknown>, successText: string) => {
      try {
        await write()
        success(successText)
      } catch (error) {
        failure(error)
      }
    },
    [success, failure],
  )
  return useMemo(() => ({ success, failure, run }), [success, failure, run])
}
