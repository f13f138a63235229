import i18next, { type Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { NAMESPACES } from '../i18n/i18n'

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../public/locales/en/*.json', { eager: true })

/** The English files as i18next resources, so component tests assert on the real texts. */
function englishResources(): Resource {
  const en: Record<string, Record<string, unknown>> = {}
  for (const [path, module] of Object.entries(files)) {
    const namespace = path
      .split('/')
      .pop()!
      .replace(/\.json$/, '')
    en[namespace] = module.default
  }
  return { en }
}

export const testI18n = {
  init: () =>
    i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: englishResources(),
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    }),
}
