import * as Dialog from '@radix-ui/react-dialog'
import { useTranslation } from 'react-i18next'
import { useModalMaxHeight } from '../lib/use-window-height'
import { AnalyticsConfigForm, type AnalyticsFormValues } from './analytics-config-form'

interface ConsentScreenProps {
  email?: string
  /** Where the usage-data documentation lives; without it the text names it without a link. */
  docsUrl?: string
  onSubmit: (values: AnalyticsFormValues) => Promise<void>
}

/**
 * 'Help us get better': asked once per user while the analytics flag is on and the user has no
 * config yet. It cannot be dismissed without an answer.
 */
export function ConsentScreen({ email, docsUrl, onSubmit }: ConsentScreenProps) {
  const { t } = useTranslation('analytics')
  const maxHeight = useModalMaxHeight()
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          aria-describedby="analytics-consent-description"
          style={{ maxHeight }}
          className="fixed top-1/2 left-1/2 z-50 w-[560px] max-w-[calc(100vw-32px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-8 shadow-xl"
        >
          <Dialog.Title className="text-xl font-semibold text-gray-900">{t('consent.title')}</Dialog.Title>
          <p id="analytics-consent-description" className="mt-2 mb-6 text-sm text-gray-500">
            {t('consent.description')}{' '}
            {docsUrl ? (
              <a href={docsUrl} target="_blank" rel="noreferrer" className="text-violet-600 underline">
                {t('consent.documentationLink')}
              </a>
            ) : (
              t('consent.documentationLink')
            )}
            .
          </p>
          <AnalyticsConfigForm withEmail emailPlaceholder={email} onSubmit={onSubmit} successToast />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
