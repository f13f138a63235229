import type { EmporiumClient } from '../../client.js'
import { crudHooks } from '../crud.js'
import {
  detailQuery,
  idMutation,
  mutation,
  useEmporiumMutation,
  useEmporiumQuery,
  type Answer,
  type Arg,
  type MutationOptions,
  type QueryOptions,
} from '../factory.js'
import {
  adminDiscountKeys,
  adminGiftCardKeys,
  adminNoteKeys,
  adminOrderKeys,
  adminPriceListKeys,
  adminProductKeys,
  adminReturnReasonKeys,
} from './keys.js'

type Admin = EmporiumClient['admin']
type Discounts = Admin['discounts']
type PriceLists = Admin['priceLists']

const discounts = crudHooks(adminDiscountKeys, (c) => c.admin.discounts)
const discountChange = (id: string) => [adminDiscountKeys.lists(), adminDiscountKeys.detail(id)]
/**
 * Admin discounts.
 *
 * @example
 * const { discounts } = useAdminDiscounts({ is_dynamic: false })
 * @since 0.1.0
 */
export const useAdminDiscounts = discounts.useList
/** @example const { discount } = useAdminDiscount(id) */
export const useAdminDiscount = discounts.useRetrieve
/** @example useAdminCreateDiscount().mutate({ code: 'SUMMER', rule: { type: 'percentage', value: 10, allocation: 'total' }, regions }) */
export const useAdminCreateDiscount = discounts.useCreate
/** @example useAdminUpdateDiscount(id).mutate({ usage_limit: 100 }) */
export const useAdminUpdateDiscount = discounts.useUpdate
/** @example useAdminDeleteDiscount(id).mutate() */
export const useAdminDeleteDiscount = discounts.useDelete
/** @example const { discount } = useAdminGetDiscountByCode('SUMMER') */
export const useAdminGetDiscountByCode = detailQuery(
  adminDiscountKeys,
  (c, code, q?: Arg<Discounts['retrieveByCode'], 1>) => c.admin.discounts.retrieveByCode(code, q),
  'code',
)
/** @example useAdminDiscountAddRegion(id).mutate(regionId) */
export const useAdminDiscountAddRegion = idMutation(
  (c, id, regionId: string) => c.admin.discounts.addRegion(id, regionId),
  discountChange,
)
/** @example useAdminDiscountRemoveRegion(id).mutate(regionId) */
export const useAdminDiscountRemoveRegion = idMutation(
  (c, id, regionId: string) => c.admin.discounts.removeRegion(id, regionId),
  discountChange,
)
/** @example useAdminCreateDynamicDiscountCode(id).mutate({ code: 'WELCOME-1' }) */
export const useAdminCreateDynamicDiscountCode = idMutation(
  (c, id, payload: Arg<Discounts['createDynamicCode'], 1>) => c.admin.discounts.createDynamicCode(id, payload),
  discountChange,
)
/** @example useAdminDeleteDynamicDiscountCode(id).mutate('WELCOME-1') */
export const useAdminDeleteDynamicDiscountCode = idMutation(
  (c, id, code: string) => c.admin.discounts.deleteDynamicCode(id, code),
  discountChange,
)

/**
 * One condition of a discount.
 *
 * @example
 * const { discount_condition } = useAdminGetDiscountCondition(discountId, conditionId)
 * @since 0.1.0
 */
export function useAdminGetDiscountCondition(
  id: string,
  conditionId: string,
  query?: Arg<Discounts['getCondition'], 2>,
  options?: QueryOptions<Answer<Discounts['getCondition']>>,
) {
  return useEmporiumQuery(
    [...adminDiscountKeys.detail(id), 'condition', conditionId, { query }],
    (c) => c.admin.discounts.getCondition(id, conditionId, query),
    options,
  )
}
/** @example useAdminDiscountCreateCondition(id).mutate({ operator: 'in', products: [productId] }) */
export const useAdminDiscountCreateCondition = idMutation(
  (c, id, payload: Arg<Discounts['createCondition'], 1>) => c.admin.discounts.createCondition(id, payload),
  discountChange,
)

type ConditionMutation<TVariables, TData> = MutationOptions<TData, TVariables>

/**
 * Updates one condition of a discount.
 *
 * @example
 * useAdminDiscountUpdateCondition(discountId, conditionId).mutate({ products: [productId] })
 * @since 0.1.0
 */
export function useAdminDiscountUpdateCondition(
  id: string,
  conditionId: string,
  options?: ConditionMutation<Arg<Discounts['updateCondition'], 2>, Answer<Discounts['updateCondition']>>,
) {
  return useEmporiumMutation(
    (c, payload: Arg<Discounts['updateCondition'], 2>) => c.admin.discounts.updateCondition(id, conditionId, payload),
    () => discountChange(id),
    options,
  )
}
/** @example useAdminDiscountRemoveCondition(id).mutate(conditionId) */
export const useAdminDiscountRemoveCondition = idMutation(
  (c, id, conditionId: string) => c.admin.discounts.deleteCondition(id, conditionId),
  discountChange,
)

/**
 * Adds products, types, collections, tags or customer groups to a discount condition.
 *
 * @example
 * useAdminAddDiscountConditionResourceBatch(discountId, conditionId).mutate({ resources: [{ id }] })
 * @since 0.1.0
 */
export function useAdminAddDiscountConditionResourceBatch(
  id: string,
  conditionId: string,
  options?: ConditionMutation<
    Arg<Discounts['addConditionResourceBatch'], 2>,
    Answer<Discounts['addConditionResourceBatch']>
  >,
) {
  return useEmporiumMutation(
    (c, payload: Arg<Discounts['addConditionResourceBatch'], 2>) =>
      c.admin.discounts.addConditionResourceBatch(id, conditionId, payload),
    () => discountChange(id),
    options,
  )
}

/**
 * Removes resources from a discount condition.
 *
 * @example
 * useAdminDeleteDiscountConditionResourceBatch(discountId, conditionId).mutate({ resources: [{ id }] })
 * @since 0.1.0
 */
export function useAdminDeleteDiscountConditionResourceBatch(
  id: string,
  conditionId: string,
  options?: ConditionMutation<
    Arg<Discounts['deleteConditionResourceBatch'], 2>,
    Answer<Discounts['deleteConditionResourceBatch']>
  >,
) {
  return useEmporiumMutation(
    (c, payload: Arg<Discounts['deleteConditionResourceBatch'], 2>) =>
      c.admin.discounts.deleteConditionResourceBatch(id, conditionId, payload),
    () => discountChange(id),
    options,
  )
}

const giftCards = crudHooks(adminGiftCardKeys, (c) => c.admin.giftCards)
/** @example const { gift_cards } = useAdminGiftCards() */
export const useAdminGiftCards = giftCards.useList
/** @example const { gift_card } = useAdminGiftCard(id) */
export const useAdminGiftCard = giftCards.useRetrieve
/** @example useAdminCreateGiftCard().mutate({ region_id, value: 5000 }) */
export const useAdminCreateGiftCard = giftCards.useCreate
/** @example useAdminUpdateGiftCard(id).mutate({ balance: 2500 }) */
export const useAdminUpdateGiftCard = giftCards.useUpdate
/** @example useAdminDeleteGiftCard(id).mutate() */
export const useAdminDeleteGiftCard = giftCards.useDelete

const notes = crudHooks(adminNoteKeys, (c) => c.admin.notes)
/** @example const { notes } = useAdminNotes({ resource_id: orderId }) */
export const useAdminNotes = notes.useList
/** @example const { note } = useAdminNote(id) */
export const useAdminNote = notes.useRetrieve
// A note shows in its order's timeline (cached under the order), which its writes refresh too.
type Notes = EmporiumClient['admin']['notes']
/** @example useAdminCreateNote().mutate({ resource_id, resource_type: 'order', value: 'Called the customer' }) */
export const useAdminCreateNote = mutation(
  (c, payload: Arg<Notes['create'], 0>) => c.admin.notes.create(payload),
  (_payload, { note }) => [adminNoteKeys.lists(), adminOrderKeys.detail(note.resource_id)],
)
/** @example useAdminUpdateNote(id).mutate({ value: 'Called twice' }) */
export const useAdminUpdateNote = idMutation(
  (c, id, payload: Arg<Notes['update'], 1>) => c.admin.notes.update(id, payload),
  (id, _payload, { note }) => [
    adminNoteKeys.lists(),
    adminNoteKeys.detail(id),
    adminOrderKeys.detail(note.resource_id),
  ],
)
/** @example useAdminDeleteNote(id).mutate() */
export const useAdminDeleteNote = idMutation(
  (c, id) => c.admin.notes.delete(id),
  // The answer does not say whose note it was: every order's timeline is refreshed.
  (id) => [adminNoteKeys.lists(), adminNoteKeys.detail(id), adminOrderKeys.details()],
)

const returnReasons = crudHooks(adminReturnReasonKeys, (c) => c.admin.returnReasons)
/** @example const { return_reasons } = useAdminReturnReasons() */
export const useAdminReturnReasons = returnReasons.useList
/** @example const { return_reason } = useAdminReturnReason(id) */
export const useAdminReturnReason = returnReasons.useRetrieve
/** @example useAdminCreateReturnReason().mutate({ value: 'wrong_size', label: 'Wrong size' }) */
export const useAdminCreateReturnReason = returnReasons.useCreate
/** @example useAdminUpdateReturnReason(id).mutate({ label: 'Too small' }) */
export const useAdminUpdateReturnReason = returnReasons.useUpdate
/** @example useAdminDeleteReturnReason(id).mutate() */
export const useAdminDeleteReturnReason = returnReasons.useDelete

const priceLists = crudHooks(adminPriceListKeys, (c) => c.admin.priceLists)
// Price changes show in product prices too.
const priceListAndProducts = (id: string) => [
  adminPriceListKeys.lists(),
  adminPriceListKeys.detail(id),
  adminProductKeys.all,
]
/** @example const { price_lists } = useAdminPriceLists() */
export const useAdminPriceLists = priceLists.useList
/** @example const { price_list } = useAdminPriceList(id) */
export const useAdminPriceList = priceLists.useRetrieve
/** @example useAdminCreatePriceList().mutate({ name: 'Sale', description: '', type: 'sale', prices: [] }) */
export const useAdminCreatePriceList = priceLists.useCreate
/** @example useAdminUpdatePriceList(id).mutate({ status: 'active' }) */
export const useAdminUpdatePriceList = priceLists.useUpdate
/** @example useAdminDeletePriceList(id).mutate() */
export const useAdminDeletePriceList = priceLists.useDelete
/** @example const { products } = useAdminPriceListProducts(id, { limit: 20 }) */
export const useAdminPriceListProducts = detailQuery(
  adminPriceListKeys,
  (c, id, q?: Arg<PriceLists['listProducts'], 1>) => c.admin.priceLists.listProducts(id, q),
  'products',
)
/** @example useAdminCreatePriceListPrices(id).mutate({ prices: [{ amount: 900, variant_id, currency_code: 'usd' }] }) */
export const useAdminCreatePriceListPrices = idMutation(
  (c, id, payload: Arg<PriceLists['addPrices'], 1>) => c.admin.priceLists.addPrices(id, payload),
  priceListAndProducts,
)
/** @example useAdminDeletePriceListPrices(id).mutate({ price_ids: [priceId] }) */
export const useAdminDeletePriceListPrices = idMutation(
  (c, id, payload: Arg<PriceLists['deletePrices'], 1>) => c.admin.priceLists.deletePrices(id, payload),
  priceListAndProducts,
)
/** @example useAdminDeletePriceListProductPrices(id).mutate(productId) */
export const useAdminDeletePriceListProductPrices = idMutation(
  (c, id, productId: string) => c.admin.priceLists.deleteProductPrices(id, productId),
  priceListAndProducts,
)
/** @example useAdminDeletePriceListVariantPrices(id).mutate(variantId) */
export const useAdminDeletePriceListVariantPrices = idMutation(
  (c, id, variantId: string) => c.admin.priceLists.deleteVariantPrices(id, variantId),
  priceListAndProducts,
)
/** @example useAdminDeletePriceListProductsPrices(id).mutate({ product_ids: [productId] }) */
export const useAdminDeletePriceListProductsPrices = idMutation(
  (c, id, payload: Arg<PriceLists['deleteProductsPrices'], 1>) => c.admin.priceLists.deleteProductsPrices(id, payload),
  priceListAndProducts,
)
