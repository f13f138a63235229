import { queryKeysFactory } from '../../query-keys.js'

/** Cache keys of the storefront resources (medusa-react's names and scopes). */
export const productKeys = queryKeysFactory('products')
export const cartKeys = queryKeysFactory('carts')
export const collectionKeys = queryKeysFactory('collections')
export const customerKeys = queryKeysFactory('customers')
export const giftCardKeys = queryKeysFactory('gift_cards')
export const orderEditKeys = queryKeysFactory('orderEdit')
export const orderKeys = queryKeysFactory('orders')
export const paymentCollectionKeys = queryKeysFactory('paymentCollection')
export const productCategoryKeys = queryKeysFactory('product_categories')
export const productTagKeys = queryKeysFactory('product_tags')
export const productTypeKeys = queryKeysFactory('product_types')
export const regionKeys = queryKeysFactory('regions')
export const returnReasonKeys = queryKeysFactory('return_reasons')
export const shippingOptionKeys = queryKeysFactory('shipping_options')
export const swapKeys = queryKeysFactory('swaps')
export const variantKeys = queryKeysFactory('variants')
