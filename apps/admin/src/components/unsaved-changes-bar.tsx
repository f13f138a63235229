import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { Button } from './button'
import { ConfirmDialog } from './modals/confirm-dialog'

interface UnsavedChangesBarProps {
  /** The form differs from what is saved. */
  dirty: boolean
  saving?: boolean
  onSave: () => void
  onDiscard: () => void
}

/**
 * A sticky bar while a page has unsaved edits, with Save and Discard. Leaving the page inside the
 * admin asks first (React Router's blocker); closing or reloading the tab gets the browser's prompt.
 */
export function UnsavedChangesBar({ dirty, saving = false, onSave, onDiscard }: UnsavedChangesBarProps) {
  const { t } = useTranslation(['ui', 'common'])
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !saving && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(
    function promptBeforeUnload() {
      if (!dirty) return
      const warn = (event: BeforeUnloadEvent) => event.preventDefault()
      window.addEventListener('beforeunload', warn)
      return () => window.removeEventListener('beforeunload', warn)
    },
    [dirty],
  )
  return (
    <>
      {dirty && (
        <div
          role="region"
          aria-label={t('ui:unsaved.message')}
          className="sticky bottom-0 z-30 -mx-4 mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] sm:mx-0 sm:rounded-lg sm:border"
        >
          <p className="text-sm font-medium">{t('ui:unsaved.message')}</p>
          <div className="flex gap-2">
            <Button onClick={onDiscard} disabled={saving}>
              {t('ui:unsaved.discard')}
            </Button>
            <Button variant="primary" onClick={onSave} loading={saving}>
              {t('common:actions.save')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('ui:unsaved.leaveTitle')}
        message={t('ui:unsaved.leaveMessage')}
        confirmLabel={t('ui:unsaved.leave')}
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  )
}
