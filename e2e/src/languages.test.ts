import { describe, expect, it } from 'vitest'
import { demoAdmin, logIn, useBrowser } from './support.js'

const browser = useBrowser()

describe('interface language', () => {
  it('switches to German, to Arabic written right to left, and back to English', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto('/app/a/products')
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor()
    const direction = () => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])

    await page.getByRole('combobox', { name: 'Language' }).selectOption('de')
    await page.getByRole('button', { name: 'Neues Produkt' }).waitFor()
    await page.getByRole('navigation').getByRole('link', { name: 'Einstellungen' }).waitFor()
    expect(await direction()).toEqual(['de', 'ltr'])

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ar')
    await page.getByRole('button', { name: 'منتج جديد' }).waitFor()
    await page.getByRole('navigation').getByRole('link', { name: 'الإعدادات' }).waitFor()
    expect(await direction()).toEqual(['ar', 'rtl'])

    // The choice outlives a reload.
    await page.reload()
    await page.getByRole('heading', { name: 'المنتجات', level: 1 }).waitFor()
    expect(await direction()).toEqual(['ar', 'rtl'])

    await page.getByRole('combobox', { name: 'اللغة' }).selectOption('en')
    await page.getByRole('button', { name: 'New product' }).waitFor()
    expect(await direction()).toEqual(['en', 'ltr'])
    await context.close()
  })
})
