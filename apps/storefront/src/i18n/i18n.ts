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

const resources = { en: { translation: en }, de: { translation: de }, fr: { translation: fr } }
const common = {
  resources,
  fallbackLng: 'en',
  supportedLngs: LANGUAGES.map((language) => language.code),
  load: 'languageOnly' as const,
  interpolation: { escapeValue: false },
  showSupportNotice: false,
}

/** The language a server render uses: `?lng=`, else the first supported one of Accept-Language. */
export function serverLanguage(query: string | null, acceptLanguage: string | undefined): string {
  const supported = LANGUAGES.map((language) => language.code as string)
  const wanted = [query ?? '', ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0].trim())]
  return wanted.map((tag) => tag.slice(0, 2).toLowerCase()).find((code) => supported.includes(code)) ?? 'en'
}

/** A translation instance for one server render. */
export async function initServerI18n(language: string): Promise<I18n> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({ ...common, lng: language })
  return instance
}

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
      ...common,
      detection: {
        order: ['querystring', 'localStorage', 'htmlTag', 'navigator'],
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
