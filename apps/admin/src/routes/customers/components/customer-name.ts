interface NamedCustomer {
  email?: string | null
  first_name?: string | null
  last_name?: string | null
}

/** 'Ada Lovelace', or the e-mail address for a customer without a name. */
export function customerName(customer: NamedCustomer): string {
  const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ').trim()
  return name || customer.email || ''
}
