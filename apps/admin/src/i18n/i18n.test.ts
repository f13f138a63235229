import i18next from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import HttpBackend from 'i18next-http-backend'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage, followLanguageOnDocument, i18nOptions } from './i18n'
import { normalizeLanguage } from './languages'

type Answer = { status: number; body?: unknown } | 'network-error'

/** Stands in for the server's /locales route: answers each request with the next scripted answer. */
function serveLocales(answers: Record<string, Answer[]>) {
  const requests: { url: string; at: number }[] = []
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input)
    requests.push({ url, at: Date.now() })
    const queue = answers[url] ?? [{ status: 404 }]
    const answer = queue.length > 1 ? queue.shift()! : queue[0]
    if (answer === 'network-error') throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status })
  })
  vi.stubGlobal('fetch', fetchStub)
  return requests
}

async function createI18n() {
  const instance = i18next.createInstance()
  instance.use(HttpBackend).use(LanguageDetector)
  followLanguageOnDocument(instance)
  await instance.init({ ...i18nOptions(), ns: ['common'] })
  return instance
}

beforeEach(() => {
  localStorage.clear()
  window.history.replaceState(null, '', '/app/')
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.dir = ''
})

describe('i18n', () => {
  it('loads /locales/{lng}/common.json, detecting ?lng= first and caching the choice', async () => {
    window.history.replaceState(null, '', '/app/?lng=de')
    const requests = serveLocales({
      '/locales/de/common.json': [{ status: 200, body: { greeting: 'Hallo' } }],
      '/locales/en/common.json': [{ status: 200, body: { greeting: 'Hello' } }],
    })
    const instance = await createI18n()
    expect(instance.t('greeting')).toBe('Hallo')
    expect(requests.map((request) => request.url)).toContain('/locales/de/common.json')
    expect(localStorage.getItem('i18nextLng')).toBe('de')
  })

  it('loads only the base language and falls back to en', async () => {
    window.history.replaceState(null, '', '/app/?lng=pt-BR')
    const requests = serveLocales({
      '/locales/pt/common.json': [{ status: 200, body: { only_pt: 'Olá' } }],
      '/locales/en/common.json': [{ status: 200, body: { only_pt: 'Hello', only_en: 'English' } }],
    })
    const instance = await createI18n()
    expect(instance.t('only_pt')).toBe('Olá')
    expect(instance.t('only_en')).toBe('English')
    expect(requests.map((request) => request.url).sort()).toEqual([
      '/locales/en/common.json',
      '/locales/pt/common.json',
    ])
  })

  it('retries a 5xx and a network failure, waiting 350 ms then doubling', async () => {
    const requests = serveLocales({
      '/locales/en/common.json': [{ status: 503 }, 'network-error', { status: 200, body: { greeting: 'Hello' } }],
    })
    const instance = await createI18n()
    expect(instance.t('greeting')).toBe('Hello')
    expect(requests).toHaveLength(3)
    const [first, second, third] = requests.map((request) => request.at)
    expect(second - first).toBeGreaterThanOrEqual(340)
    expect(third - second).toBeGreaterThanOrEqual(690)
  })

  it('does not retry a 4xx', async () => {
    const requests = serveLocales({ '/locales/en/common.json': [{ status: 404 }] })
    const instance = await createI18n()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(requests).toHaveLength(1)
    expect(instance.t('greeting')).toBe('greeting')
  })

  it('gives up after 5 retries', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const requests = serveLocales({ '/locales/en/common.json': [{ status: 500 }] })
      const loading = createI18n()
      await vi.advanceTimersByTimeAsync(350 + 700 + 1400 + 2800 + 5600 + 11200 + 1000)
      await loading
      expect(requests).toHaveLength(6)
    } finally {
      vi.useRealTimers()
    }
  })

  it('renders Arabic right to left and switches back', async () => {
    serveLocales({})
    const instance = await createI18n()
    await changeLanguage(instance, 'ar')
    expect(document.documentElement.dir).toBe('rtl')
    expect(document.documentElement.lang).toBe('ar')
    await changeLanguage(instance, 'de')
    expect(document.documentElement.dir).toBe('ltr')
  })

  it('stores Tamil under ta and accepts tm', async () => {
    expect(normalizeLanguage('tm')).toBe('ta')
    expect(normalizeLanguage('pt-BR')).toBe('pt')
    window.history.replaceState(null, '', '/app/?lng=tm')
    const requests = serveLocales({ '/locales/ta/common.json': [{ status: 200, body: { greeting: 'வணக்கம்' } }] })
    const instance = await createI18n()
    expect(instance.resolvedLanguage).toBe('ta')
    expect(instance.t('greeting')).toBe('வணக்கம்')
    expect(requests.map((request) => request.url)).not.toContain('/locales/tm/common.json')
  })

  it('declares 10 parallel reads and the detection order of SPEC §9', () => {
    const options = i18nOptions()
    expect(options.maxParallelReads).toBe(10)
    expect(options.detection?.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ])
    expect(options.detection?.caches).toEqual(['localStorage'])
  })
})

describe('mixed-direction text', () => {
  async function translate(language: string) {
    const instance = i18next.createInstance()
    await instance.init({
      ...i18nOptions(),
      backend: undefined,
      lng: language,
      ns: ['settings'],
      defaultNS: 'settings',
      resources: {
        ar: { settings: { deleted: 'تم حذف {{name}}.', total: 'الإجمالي: {{total}}' } },
        en: { settings: { deleted: '{{name}} deleted.', total: 'Total: {{total}}' } },
      },
    })
    return instance
  }

  it('isolates every interpolated value in Arabic, so a Latin name or a price keeps its place', async () => {
    const ar = await translate('ar')
    expect(ar.t('deleted', { name: 'Classic T-Shirt' })).toBe('تم حذف \u2068Classic T-Shirt\u2069.')
    expect(ar.t('total', { total: '$12.50' })).toBe('الإجمالي: \u2068$12.50\u2069')
  })

  it('leaves left-to-right languages as written', async () => {
    const en = await translate('en')
    expect(en.t('deleted', { name: 'Classic T-Shirt' })).toBe('Classic T-Shirt deleted.')
    expect(en.t('total', { total: '$12.50' })).toBe('Total: $12.50')
  })
})
