import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage } from '../i18n/i18n'
import { LANGUAGES, normalizeLanguage } from '../i18n/languages'

/** Picks the interface language; the choice is remembered in local storage by the detector. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('layout')
  const id = useId()
  // The chosen language, even while its files are missing and texts fall back to English.
  const current = normalizeLanguage(i18n.language ?? 'en')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-gray-500">
        {t('profile.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => void changeLanguage(i18n, event.target.value)}
        className="rounded-md border border-gray-200 bg-gray-50 px-2 py-1.5 text-sm"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  )
}
