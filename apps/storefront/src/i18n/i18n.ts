import i18next, { type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import de from './de.json'
import en from './en.json'
import fr from './fr.json'

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
] as const

/**
 * The shop's three languages are small enough to ship in the bundle: no request, no flash of
 * untranslated keys. The language is the `lng` query, then the saved choice, then the browser's.
 */
export async function initI18n(): Promise<I18n> {
  const instance = i18next.createInstance()
  await instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, de: { translation: de }, fr: { translation: fr } },
      fallbackLng: 'en',
      supportedLngs: LANGUAGES.map((language) => language.code),
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      detection: {
        order: ['querystring', 'localStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: 'emporium-storefront-language',
        caches: ['localStorage'],
      },
    })
  const apply = (language: string) => {
    document.documentElement.lang = language
  }
  instance.on('languageChanged', apply)
  apply(instance.resolvedLanguage ?? 'en')
  return instance
}
