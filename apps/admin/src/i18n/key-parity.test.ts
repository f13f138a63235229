import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FALLBACK_LANGUAGE, LANGUAGE_CODES } from './languages'

const LOCALES = join(import.meta.dirname, '../../public/locales')

/** i18next plural suffixes: a locale may use other forms than English (`_few`, `_many`, …). */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key))
}

function keysOf(language: string, namespace: string): Set<string> {
  const path = join(LOCALES, language, `${namespace}.json`)
  if (!existsSync(path)) return new Set()
  return new Set(flatten(JSON.parse(readFileSync(path, 'utf8'))))
}

/** A key is present when the locale has it, or, for a plural key, any plural form of its stem. */
function missingKeys(english: Set<string>, translated: Set<string>): string[] {
  const stems = new Set([...translated].map((key) => key.replace(PLURAL_SUFFIX, '')))
  return [...english].filter((key) =>
    PLURAL_SUFFIX.test(key) ? !stems.has(key.replace(PLURAL_SUFFIX, '')) : !translated.has(key),
  )
}

const namespaces = readdirSync(join(LOCALES, FALLBACK_LANGUAGE))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))

describe('translations', () => {
  it('has an English file for every namespace in use', () => {
    expect(namespaces.length).toBeGreaterThan(0)
  })

  it('keeps only folders of the supported languages', () => {
    const present = readdirSync(LOCALES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(present.filter((folder) => !LANGUAGE_CODES.includes(folder))).toEqual([])
  })

  it.each(LANGUAGE_CODES.filter((code) => code !== FALLBACK_LANGUAGE))('%s has every key of en', (language) => {
    const missing = namespaces.flatMap((namespace) =>
      missingKeys(keysOf(FALLBACK_LANGUAGE, namespace), keysOf(language, namespace)).map(
        (key) => `${namespace}:${key}`,
      ),
    )
    expect(missing, `${language} lacks ${missing.length} key(s)`).toEqual([])
  })
})
