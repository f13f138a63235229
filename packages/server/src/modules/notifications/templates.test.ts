import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EmailTemplates } from './templates.js'

const order = {
  display_id: 42,
  currency_code: 'eur',
  items: [{ title: 'Linen shirt', variant_title: 'L', quantity: 2, unit_price: 2450, total: 4900 }],
  subtotal: 4900,
  discount_total: 0,
  shipping_total: 500,
  tax_total: 0,
  total: 5400,
  shipping_address: {
    first_name: 'Jo',
    last_name: 'Doe',
    address_1: '1 Main St',
    city: 'Lyon',
    postal_code: '69001',
    country_code: 'fr',
  },
}

describe('EmailTemplates', () => {
  const templates = new EmailTemplates({ defaultLocale: 'en' })

  it('renders an order confirmation in English, German and French, amounts as each writes them', async () => {
    const en = await templates.render('order.placed', { order, name: 'Jo' }, 'en')
    expect(en).toMatchObject({ locale: 'en', subject: 'Order #42 confirmed' })
    expect(en!.text).toContain('Hello Jo,')
    expect(en!.text).toContain('2 × Linen shirt (L): €49.00')
    expect(en!.html).toContain('<html lang="en">')
    expect(en!.html).toContain('€54.00')

    const de = await templates.render('order.placed', { order, name: 'Jo' }, 'de')
    expect(de!.subject).toBe('Bestellung #42 bestätigt')
    expect(de!.text).toMatch(/Gesamt: 54,00\s€/)

    const fr = await templates.render('order.placed', { order, name: 'Jo' }, 'fr')
    expect(fr!.subject).toBe('Commande n° 42 confirmée')
    expect(fr!.text).toMatch(/Total: 54,00\s€/)
  })

  it('escapes what the data holds in the HTML part, not in the text part', async () => {
    const mail = await templates.render('order.placed', { order, name: '<script>x</script>' }, 'en')
    expect(mail!.html).toContain('Hello &lt;script&gt;x&lt;/script&gt;,')
    expect(mail!.html).not.toContain('<script>')
    expect(mail!.text).toContain('Hello <script>x</script>,')
  })

  it('writes amounts of currencies without minor units as they are', async () => {
    const yen = await templates.render('order.placed', { order: { ...order, currency_code: 'jpy', total: 5400 } }, 'en')
    expect(yen!.text).toContain('Total: ¥5,400')
    expect(yen!.text).toContain('Hello,')
  })

  it('picks the closest supported locale, else the default', () => {
    expect(templates.resolveLocale('de-AT')).toBe('de')
    expect(templates.resolveLocale('fr_CA')).toBe('fr')
    expect(templates.resolveLocale('pt-BR')).toBe('en')
    expect(templates.resolveLocale(undefined)).toBe('en')
    expect(templates.supportedLocales.sort()).toEqual(['de', 'en', 'fr'])
  })

  it('has no e-mail for an event without a template, nor for a name that is a path', async () => {
    expect(await templates.render('product.created', {}, 'en')).toBeUndefined()
    expect(templates.has('../email-templates/layout')).toBe(false)
    expect(templates.has('order.placed')).toBe(true)
  })

  it('takes templates and strings from a custom folder over the built-in ones, and its new locales', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emporium-mail-'))
    mkdirSync(join(dir, 'locales'))
    writeFileSync(
      join(dir, 'order.placed.text.liquid'),
      '{{ t.heading }} / {{ order.total | money: order.currency_code, locale }}',
    )
    writeFileSync(join(dir, 'locales', 'en.json'), JSON.stringify({ 'order.placed': { heading: 'Thanks a lot' } }))
    writeFileSync(
      join(dir, 'locales', 'es.json'),
      JSON.stringify({ 'order.placed': { subject: 'Pedido #{{ order.display_id }} confirmado', heading: 'Gracias' } }),
    )
    const custom = new EmailTemplates({ dir, defaultLocale: 'es' })
    expect(custom.supportedLocales.sort()).toEqual(['de', 'en', 'es', 'fr'])

    const en = await custom.render('order.placed', { order }, 'en')
    expect(en!.text).toBe('Thanks a lot / €54.00')
    // The built-in HTML part stays, with the custom heading and the built-in subject.
    expect(en!.html).toContain('Thanks a lot')
    expect(en!.subject).toBe('Order #42 confirmed')

    const es = await custom.render('order.placed', { order }, 'es')
    expect(es!.subject).toBe('Pedido #42 confirmado')
    expect(es!.text).toMatch(/^Gracias \/ 54,00\s€$/)
  })

  it('refuses a missing folder or an unknown default locale', () => {
    expect(() => new EmailTemplates({ dir: join(tmpdir(), 'no-such-folder-here'), defaultLocale: 'en' })).toThrow(
      /EMPORIUM_EMAIL_TEMPLATES_DIR/,
    )
    expect(() => new EmailTemplates({ defaultLocale: 'xx' })).toThrow(/EMPORIUM_EMAIL_LOCALE/)
  })
})
