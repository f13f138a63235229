/** A line of a draft being written: a variant of the catalogue, or a custom line with its own price. */
export interface DraftLine {
  /** Tells lines apart in the form (a variant's id, or a generated key for a custom line). */
  key: string
  variant_id?: string
  title: string
  /** Minor units; a variant's line leaves it out so the region's price applies. */
  unit_price?: number
  quantity: number
}

export interface DraftAddress {
  first_name: string
  last_name: string
  address_1: string
  city: string
  postal_code: string
  country_code: string
}

/** Everything the create modal gathers, step by step. */
export interface DraftForm {
  email: string
  customer_id: string | null
  region_id: string
  lines: DraftLine[]
  shipping_option_id: string
  address: DraftAddress
}

export const EMPTY_ADDRESS: DraftAddress = {
  first_name: '',
  last_name: '',
  address_1: '',
  city: '',
  postal_code: '',
  country_code: '',
}

export const DRAFT_STEPS = ['customer', 'items', 'shipping', 'address', 'summary'] as const
export type DraftStep = (typeof DRAFT_STEPS)[number]

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Whether a step holds enough to go on: the server refuses a draft without these. */
export function isStepReady(step: DraftStep, form: DraftForm): boolean {
  switch (step) {
    case 'customer':
      return EMAIL.test(form.email.trim()) && form.region_id !== ''
    case 'items':
      return form.lines.length > 0 && form.lines.every((line) => Number.isInteger(line.quantity) && line.quantity > 0)
    case 'shipping':
      return form.shipping_option_id !== ''
    case 'address': {
      const { first_name, last_name, address_1, city, postal_code, country_code } = form.address
      return [first_name, last_name, address_1, city, postal_code, country_code].every((part) => part.trim() !== '')
    }
    case 'summary':
      return true
  }
}

/** Adds a variant, or one more of it when it is already a line. */
export function addVariantLine(lines: readonly DraftLine[], variant: { id: string; title: string }): DraftLine[] {
  const existing = lines.find((line) => line.variant_id === variant.id)
  if (existing) return lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line))
  return [...lines, { key: variant.id, variant_id: variant.id, title: variant.title, quantity: 1 }]
}

/** The body of `POST /admin/draft-orders`; the address serves for shipping and billing alike. */
export function draftOrderPayload(form: DraftForm) {
  const address = Object.fromEntries(Object.entries(form.address).map(([key, value]) => [key, value.trim()]))
  return {
    email: form.email.trim(),
    region_id: form.region_id,
    ...(form.customer_id ? { customer_id: form.customer_id } : {}),
    items: form.lines.map((line) =>
      line.variant_id
        ? { variant_id: line.variant_id, quantity: line.quantity }
        : { title: line.title, unit_price: line.unit_price ?? 0, quantity: line.quantity },
    ),
    shipping_methods: [{ option_id: form.shipping_option_id }],
    shipping_address: address as unknown as DraftAddress,
    billing_address: address as unknown as DraftAddress,
  }
}

/** What the shipping step reads of an option (`GET /admin/shipping-options` expands the profile). */
export interface DraftShippingOption {
  id?: string
  is_return?: boolean | null
  profile?: { type?: string | null } | null
}

/**
 * The option to preselect: the first that is neither a return option nor one of the gift-card
 * profile (a region's first option may be "Gift Card Delivery"); none when every option is such,
 * so the merchant chooses.
 */
export function defaultShippingOption(options: readonly DraftShippingOption[]): string | undefined {
  return options.find((option) => !option.is_return && option.profile?.type !== 'gift_card')?.id
}
