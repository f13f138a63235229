import { describe, expect, it } from 'vitest'
import { priceColumns } from '../components/price-columns'
import { EMPTY_PRODUCT, productCreatePayload } from './product-create-form'

const columns = priceColumns([{ code: 'eur' }], [])

describe('productCreatePayload', () => {
  it('sends options, variants with positional option values and prices, and the uploaded images', () => {
    const payload = productCreatePayload(
      {
        ...EMPTY_PRODUCT,
        title: ' Linen shirt ',
        handle: '',
        status: 'published',
        options: [{ title: 'Size' }],
        variants: [
          { title: 'S', sku: 'LS-S', inventory_quantity: '3', options: [{ value: 'S' }], prices: [{ amount: '49.9' }] },
          { title: 'M', sku: '', inventory_quantity: '', options: [{ value: 'M ' }], prices: [{ amount: '' }] },
        ],
      },
      columns,
      ['http://localhost/uploads/a.png', 'http://localhost/uploads/b.png'],
    )
    expect(payload).toEqual({
      title: 'Linen shirt',
      subtitle: undefined,
      handle: undefined,
      description: undefined,
      status: 'published',
      is_giftcard: false,
      discountable: true,
      options: [{ title: 'Size' }],
      variants: [
        {
          title: 'S',
          sku: 'LS-S',
          inventory_quantity: 3,
          prices: [{ currency_code: 'eur', amount: 4990 }],
          options: [{ value: 'S' }],
        },
        { title: 'M', sku: null, inventory_quantity: 0, prices: [], options: [{ value: 'M' }] },
      ],
      images: ['http://localhost/uploads/a.png', 'http://localhost/uploads/b.png'],
      thumbnail: 'http://localhost/uploads/a.png',
    })
  })

  it('sends no images when none were picked', () => {
    const payload = productCreatePayload({ ...EMPTY_PRODUCT, title: 'Mug' }, columns, [])
    expect(payload).not.toHaveProperty('images')
    expect(payload).not.toHaveProperty('thumbnail')
  })
})
