/**
 * The 21 languages of the admin (SPEC §1). Names are each language's name for itself, the same in
 * every interface language, so they are data rather than translation keys.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'hr', name: 'Hrvatski' },
  { code: 'it', name: 'Italiano' },
  { code: 'pt', name: 'Português (Brasil)' },
  { code: 'uk', name: 'Українська' },
  { code: 'ar', name: 'العربية' },
  { code: 'pl', name: 'Polski' },
  { code: 'es', name: 'Español' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'bs', name: 'Bosanski' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'ta', name: 'தமிழ்' },
  { code: 'ru', name: 'Русский' },
  { code: 'sl', name: 'Slovenščina' },
  { code: 'bg', name: 'Български' },
  { code: 'ko', name: '한국어' },
  { code: 'ja', name: '日本語' },
  { code: 'cs', name: 'Čeština' },
  { code: 'zh', name: '中文' },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']

export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((language) => language.code)

export const FALLBACK_LANGUAGE: LanguageCode = 'en'

/** v1 listed Tamil as `tm`; its ISO 639-1 code is `ta`, where the files live. */
const ALIASES: Record<string, LanguageCode> = { tm: 'ta' }

/** The stored language for a requested or detected one: base language only, aliases resolved. */
export function normalizeLanguage(requested: string): string {
  const base = requested.toLowerCase().split(/[-_]/)[0]
  return ALIASES[base] ?? base
}
