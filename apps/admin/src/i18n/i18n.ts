import i18next, { type i18n as I18n, type InitOptions } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend'
import { initReactI18next } from 'react-i18next'
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, normalizeLanguage } from './languages'

/** Every namespace the shell loads up front; screens add theirs to this list. */
export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'analytics',
  'screens',
  'products',
  'collections',
  'categories',
  'settings',
  'ui',
  'customers',
  'inventory',
  'shipping',
  'orders',
  'dashboard',
  'draft-orders',
] as const

/** Translation loading per SPEC §9: /locales/{lng}/{ns}.json from the server. */
export function i18nOptions(baseUrl = ''): InitOptions<HttpBackendOptions> {
  return {
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    // Only the base language is loaded (pt-BR reads pt).
    load: 'languageOnly',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // Up to 10 parallel reads; a 5xx or network failure is retried up to 5 times, waiting 350 ms and
    // doubling each time. The HTTP backend marks 4xx answers as not retryable.
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    // Every interpolated value goes through `isolateInRtl`, so names and prices keep their direction.
    interpolation: { escapeValue: false, alwaysFormat: true, format: isolateInRtl },
    showSupportNotice: false,
    backend: { loadPath: `${baseUrl}/locales/{{lng}}/{{ns}}.json` },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
      convertDetectedLanguage: normalizeLanguage,
    },
  }
}

/**
 * In a right-to-left language, an interpolated name, price or number is wrapped in Unicode
 * isolates (FSI … PDI), so a left-to-right value such as "$12.50" or "Classic T-Shirt." cannot
 * reorder the Arabic sentence around it, nor its punctuation. Other languages get it unchanged.
 */
export function isolateInRtl(value: unknown, _format?: string, language?: string): string {
  // Anything else passes through untouched, as i18next's own formatter leaves it.
  if (typeof value !== 'string' && typeof value !== 'number') return value as string
  if (!language || i18next.dir(language) !== 'rtl') return String(value)
  return `\u2068${value}\u2069`
}

/** Keeps <html lang dir> in step with the language: Arabic reads right to left. */
export function followLanguageOnDocument(instance: I18n, doc: Document = document): void {
  const apply = (language: string) => {
    doc.documentElement.lang = language
    doc.documentElement.dir = instance.dir(language)
  }
  instance.on('languageChanged', apply)
  if (instance.resolvedLanguage) apply(instance.resolvedLanguage)
}

/** Switches the interface language; `tm` and regional variants resolve to the stored code. */
export function changeLanguage(instance: I18n, language: string): Promise<unknown> {
  return instance.changeLanguage(normalizeLanguage(language))
}

export async function initI18n(baseUrl = ''): Promise<I18n> {
  const instance = i18next.createInstance()
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next)
  followLanguageOnDocument(instance)
  await instance.init(i18nOptions(baseUrl))
  return instance
}
