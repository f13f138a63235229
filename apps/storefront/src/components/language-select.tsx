import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../i18n/i18n'

export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  const id = useId()
  return (
    <div className="flex items-center gap-1 text-sm">
      <label htmlFor={id}>{t('region.language')}</label>
      <select
        id={id}
        className="rounded border border-gray-400 bg-white px-2 py-1"
        value={i18n.resolvedLanguage}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </div>
  )
}
