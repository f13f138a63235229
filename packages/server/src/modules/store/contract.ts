import { Type, type Static } from '@sinclair/typebox'
import { listPaging, listResponse } from '../../core/list.js'
import { BaseFields, Metadata, MetadataInput, Nullable, SoftDeletableFields } from '../../core/schemas.js'

const CurrencyCode = Type.String({ minLength: 1, maxLength: 10 })
const Template = Nullable(Type.String({ maxLength: 2000 }))

export const Currency = Type.Object({
  code: Type.String(),
  symbol: Type.String(),
  symbol_native: Type.String(),
  name: Type.String(),
  decimal_digits: Type.Integer(),
  includes_tax: Type.Boolean(),
})
export type Currency = Static<typeof Currency>

/** A payment, fulfillment or tax provider row. */
export const Provider = Type.Object({ id: Type.String(), is_installed: Type.Boolean() })
export type Provider = Static<typeof Provider>

/** The default channel as embedded in the store (sales channels come later in the module order). */
const StoreSalesChannel = Type.Object({
  ...SoftDeletableFields,
  name: Type.String(),
  description: Nullable(Type.String()),
  is_disabled: Type.Boolean(),
  metadata: Metadata,
})

const storeProperties = {
  ...BaseFields,
  name: Type.String(),
  default_currency_code: Type.String(),
  swap_link_template: Nullable(Type.String()),
  payment_link_template: Nullable(Type.String()),
  invite_link_template: Nullable(Type.String()),
  default_location_id: Nullable(Type.String()),
  default_sales_channel_id: Nullable(Type.String()),
  metadata: Metadata,
  currencies: Type.Array(Currency),
  default_currency: Currency,
  default_sales_channel: Nullable(StoreSalesChannel),
}

export const Store = Type.Object(storeProperties)

/** `GET /admin/store` adds what the admin needs to know about this server to the store row. */
export const ExtendedStore = Type.Object({
  ...storeProperties,
  payment_providers: Type.Array(Provider),
  fulfillment_providers: Type.Array(Provider),
  feature_flags: Type.Array(Type.Object({ key: Type.String(), value: Type.Boolean() })),
  modules: Type.Array(
    Type.Object({ module: Type.String(), resolution: Type.Union([Type.String(), Type.Literal(false)]) }),
  ),
})
export type ExtendedStore = Static<typeof ExtendedStore>

export const AdminStoresRes = Type.Object({ store: Store })
export const AdminExtendedStoresRes = Type.Object({ store: ExtendedStore })

export const AdminPostStoreReq = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    swap_link_template: Type.Optional(Template),
    payment_link_template: Type.Optional(Template),
    invite_link_template: Type.Optional(Template),
    default_currency_code: Type.Optional(CurrencyCode),
    currencies: Type.Optional(Type.Array(CurrencyCode, { maxItems: 500 })),
    metadata: Type.Optional(MetadataInput),
  },
  { additionalProperties: false },
)
export type AdminPostStoreReq = Static<typeof AdminPostStoreReq>

export const CurrencyCodeParams = Type.Object({ currency_code: CurrencyCode })

export const AdminPaymentProvidersList = Type.Object({ payment_providers: Type.Array(Provider) })
export const AdminTaxProvidersList = Type.Object({ tax_providers: Type.Array(Provider) })

export const currenciesPaging = listPaging(20)

export const AdminGetCurrenciesParams = Type.Object(
  {
    code: Type.Optional(Type.String()),
    q: Type.Optional(Type.String()),
    includes_tax: Type.Optional(Type.Boolean()),
    order: Type.Optional(Type.String({ minLength: 1 })),
    ...currenciesPaging.pageParams,
  },
  { additionalProperties: false },
)
export type AdminGetCurrenciesParams = Static<typeof AdminGetCurrenciesParams>

export const AdminCurrenciesListRes = listResponse('currencies', Currency)

export const CodeParams = Type.Object({ code: CurrencyCode })

export const AdminPostCurrenciesCurrencyReq = Type.Object(
  { includes_tax: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
)
export type AdminPostCurrenciesCurrencyReq = Static<typeof AdminPostCurrenciesCurrencyReq>

export const AdminCurrenciesRes = Type.Object({ currency: Currency })
