import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Liquid, type Template } from 'liquidjs'
import type { RenderedEmail } from '../../providers/notification.js'

/** The templates that ship with Emporium (packages/server/email-templates). */
export const BUILT_IN_TEMPLATES_DIR = fileURLToPath(new URL('../../../email-templates', import.meta.url))

/** The languages the built-in templates are written in. */
export const BUILT_IN_LOCALES = ['en', 'de', 'fr'] as const

/** A locale's strings: `common`, and one section per event (`subject`, `heading`, …). */
type Strings = Record<string, Record<string, string>>

/** An event name that may name a template file: no path separators, no dot-dot. */
const EVENT_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/

export interface EmailTemplatesOptions {
  /** A folder whose files replace the built-in ones of the same name, and add locales. */
  dir?: string
  defaultLocale: string
}

/** Minor units in a currency, as the locale writes them (`1999`, `eur`, `de` → `19,99 €`). */
function money(formats: Map<string, Intl.NumberFormat>) {
  return (amount: unknown, currency: unknown, locale: unknown): string => {
    const code = String(currency ?? '').toUpperCase()
    const key = `${String(locale)}:${code}`
    let format = formats.get(key)
    try {
      format ??= new Intl.NumberFormat(String(locale || 'en'), { style: 'currency', currency: code })
    } catch {
      return `${Number(amount)} ${code}`.trim()
    }
    formats.set(key, format)
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2
    return format.format(Number(amount) / 10 ** digits)
  }
}

/**
 * E-mails rendered with LiquidJS from `<event>.html.liquid` and `<event>.text.liquid`, laid out by
 * `layout.*.liquid`, with the words of `locales/<locale>.json`. Liquid runs no code of its own and
 * reads only the data it is given, so a merchant can edit templates safely; HTML output is escaped.
 * The strings are templates too (`Order #{{ order.display_id }}`), rendered as text first.
 */
export class EmailTemplates {
  readonly defaultLocale: string
  private readonly roots: string[]
  private readonly html: Liquid
  private readonly text: Liquid
  private readonly locales = new Map<string, Strings>()
  private readonly parsed = new Map<string, Template[][]>()

  constructor(options: EmailTemplatesOptions) {
    if (options.dir && !existsSync(options.dir)) {
      throw new Error(`EMPORIUM_EMAIL_TEMPLATES_DIR: no folder at ${options.dir}`)
    }
    this.roots = options.dir ? [options.dir, BUILT_IN_TEMPLATES_DIR] : [BUILT_IN_TEMPLATES_DIR]
    const shared = {
      root: this.roots,
      layouts: this.roots,
      partials: this.roots,
      cache: true,
      strictFilters: true,
      ownPropertyOnly: true,
    }
    this.html = new Liquid({ ...shared, outputEscape: 'escape' })
    this.text = new Liquid(shared)
    const formats = new Map<string, Intl.NumberFormat>()
    for (const engine of [this.html, this.text]) engine.registerFilter('money', money(formats))
    this.loadLocales()
    this.defaultLocale = options.defaultLocale
    if (!this.locales.has(this.defaultLocale)) {
      throw new Error(
        `EMPORIUM_EMAIL_LOCALE must be one of ${[...this.locales.keys()].join(', ')} (got "${this.defaultLocale}")`,
      )
    }
  }

  /** Every locale with a strings file: the built-in ones, and any the custom folder adds. */
  get supportedLocales(): string[] {
    return [...this.locales.keys()]
  }

  /** Built-in strings, each file of the custom folder merged over them key by key. */
  private loadLocales(): void {
    for (const root of [...this.roots].reverse()) {
      const folder = join(root, 'locales')
      if (!existsSync(folder)) continue
      const candidates = root === BUILT_IN_TEMPLATES_DIR ? [...BUILT_IN_LOCALES] : localeFilesIn(folder)
      for (const locale of candidates) {
        const file = join(folder, `${locale}.json`)
        if (!existsSync(file)) continue
        const strings = JSON.parse(readFileSync(file, 'utf8')) as Strings
        const merged = this.locales.get(locale) ?? {}
        for (const [section, values] of Object.entries(strings)) merged[section] = { ...merged[section], ...values }
        this.locales.set(locale, merged)
      }
    }
  }

  /** The supported locale closest to `wanted` (`de-AT` → `de`), else the default one. */
  resolveLocale(wanted: unknown): string {
    if (typeof wanted !== 'string' || wanted === '') return this.defaultLocale
    const lower = wanted.toLowerCase().replace('_', '-')
    if (this.locales.has(lower)) return lower
    const language = lower.split('-')[0]
    return this.locales.has(language) ? language : this.defaultLocale
  }

  /** Whether `event` has an e-mail template. */
  has(event: string): boolean {
    return EVENT_NAME.test(event) && this.roots.some((root) => existsSync(join(root, `${event}.html.liquid`)))
  }

  /** The e-mail of `event` in `locale`, or undefined when the event has no template. */
  async render(event: string, data: Record<string, unknown>, locale: string): Promise<RenderedEmail | undefined> {
    if (!this.has(event)) return undefined
    const strings = this.locales.get(locale) ?? this.locales.get(this.defaultLocale)!
    const fallback = this.locales.get(this.defaultLocale)!
    const scope = { ...data, locale }
    const t: Record<string, unknown> = {
      common: await this.strings(`${locale}:common`, { ...fallback.common, ...strings.common }, scope),
    }
    Object.assign(t, await this.strings(`${locale}:${event}`, { ...fallback[event], ...strings[event] }, scope))
    const subject = String(t.subject ?? event)
    const context = { ...scope, t, subject }
    const [html, text] = await Promise.all([
      this.html.renderFile(`${event}.html.liquid`, context),
      this.text.renderFile(`${event}.text.liquid`, context),
    ])
    return { locale, subject, html: String(html), text: collapseBlankLines(String(text)) }
  }

  /** A section of strings rendered against the data, each parsed once. */
  private async strings(key: string, section: Record<string, string>, scope: object) {
    const names = Object.keys(section)
    let templates = this.parsed.get(key)
    if (!templates || templates.length !== names.length) {
      templates = names.map((name) => this.text.parse(section[name]))
      this.parsed.set(key, templates)
    }
    const parsed = templates
    const rendered = await Promise.all(names.map((_, index) => this.text.render(parsed[index], scope)))
    return Object.fromEntries(names.map((name, index) => [name, String(rendered[index]).trim()]))
  }
}

/** The locales a custom folder's `locales/` holds (`es.json`, `pt-br.json`). */
function localeFilesIn(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => /^[a-z]{2,3}(-[a-z0-9]{2,8})?\.json$/i.test(name))
    .map((name) => name.slice(0, -'.json'.length).toLowerCase())
}

/** Template tags leave blank lines and trailing spaces behind; the text part keeps one blank line at most. */
function collapseBlankLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
