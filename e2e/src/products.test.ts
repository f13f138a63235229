import { describe, expect, it } from 'vitest'
import { AdminApi, baseUrl, demoAdmin, logIn, screenshot, useBrowser } from './support.js'

const browser = useBrowser()

// A 1×1 PNG, enough for the upload and the image pipeline to treat it as a real picture.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

interface StoreProduct {
  title: string
  images: { url: string }[]
  variants: { title: string; prices: { currency_code: string; amount: number; region_id?: string | null }[] }[]
}

async function demoPublishableKey(api: AdminApi): Promise<string> {
  const { publishable_api_keys } = await api.request<{ publishable_api_keys: { id: string; title: string }[] }>(
    'GET',
    '/admin/publishable-api-keys?limit=50',
  )
  const key = publishable_api_keys.find((candidate) => candidate.title === 'Demo storefront')
  if (!key) throw new Error('The demo store has no storefront publishable key')
  return key.id
}

describe('products', () => {
  it('creates a product with two priced variants and an image, publishes it, and the store serves it', async () => {
    const title = `Linen Shirt ${Date.now().toString(36)}`
    const context = await browser.newContext()
    const page = await context.newPage()
    await logIn(page, demoAdmin.email, demoAdmin.password)
    await page.waitForURL('**/app/a')
    await page.goto('/app/a/products')
    await page.getByRole('table', { name: 'Products' }).waitFor()
    await screenshot(page, 'product-list')

    await page.getByRole('button', { name: 'New product' }).click()
    const editor = page.getByRole('dialog', { name: 'New product' })
    await editor.getByRole('textbox', { name: 'Title', exact: true }).fill(title)
    await editor.getByRole('button', { name: 'Add option' }).click()
    await editor.getByRole('textbox', { name: 'Option 1 title', exact: true }).fill('Size')

    const variants = [
      { title: 'Small', usd: '19.99', eur: '18.50' },
      { title: 'Large', usd: '24.00', eur: '22.25' },
    ]
    for (const [index, variant] of variants.entries()) {
      await editor.getByRole('button', { name: 'Add variant' }).click()
      const fields = editor.getByRole('group', { name: `Variant ${index + 1}`, exact: true })
      await fields.getByRole('textbox', { name: 'Variant title', exact: true }).fill(variant.title)
      await fields.getByRole('textbox', { name: 'Size value', exact: true }).fill(variant.title)
      await fields.getByRole('textbox', { name: 'Price (USD)', exact: true }).fill(variant.usd)
      await fields.getByRole('textbox', { name: 'Price (EUR)', exact: true }).fill(variant.eur)
    }
    await editor
      .getByLabel('Upload images')
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG })
    await editor.getByRole('list', { name: 'Images to upload' }).getByText('pixel.png', { exact: true }).waitFor()
    await editor.getByRole('button', { name: 'Save changes' }).click()

    await page
      .getByRole('status')
      .filter({ hasText: `${title} was created` })
      .waitFor()
    await page.waitForURL(/\/app\/a\/products\/prod_/)
    await page.getByRole('heading', { name: title, level: 1 }).waitFor()
    await page.getByRole('img', { name: `Image 1 of ${title}` }).waitFor()
    const variantRows = page.getByRole('table', { name: 'Variants' }).getByRole('row')
    expect(await variantRows.count()).toBe(3)

    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await page.getByRole('status').filter({ hasText: 'The product is published' }).waitFor()
    await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor()
    await screenshot(page, 'product-detail')
    await context.close()

    const api = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    const key = await demoPublishableKey(api)
    const res = await fetch(`${baseUrl}/store/products?q=${encodeURIComponent(title)}`, {
      headers: { 'x-publishable-api-key': key },
    })
    expect(res.status).toBe(200)
    const { products } = (await res.json()) as { products: StoreProduct[] }
    expect(products).toHaveLength(1)
    const [product] = products
    expect(product.title).toBe(title)
    expect(product.images).toHaveLength(1)
    expect(product.variants).toHaveLength(2)
    const pricesOf = (name: string) =>
      product.variants
        .find((variant) => variant.title === name)!
        .prices.filter((price) => !price.region_id)
        .map(({ currency_code, amount }) => ({ currency_code, amount }))
        .sort((a, b) => a.currency_code.localeCompare(b.currency_code))
    expect(pricesOf('Small')).toEqual([
      { currency_code: 'eur', amount: 1850 },
      { currency_code: 'usd', amount: 1999 },
    ])
    expect(pricesOf('Large')).toEqual([
      { currency_code: 'eur', amount: 2225 },
      { currency_code: 'usd', amount: 2400 },
    ])
  })
})
