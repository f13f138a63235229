export type Domain = 'store' | 'admin'

/** Bearer tokens from `auth.getToken`, one per domain: a shopper's and an admin's never mix. */
export class TokenStore {
  private readonly tokens: Partial<Record<Domain, string>> = {}

  get(domain: Domain): string | undefined {
    return this.tokens[domain]
  }

  set(domain: Domain, token: string | undefined): void {
    if (token === undefined) delete this.tokens[domain]
    else this.tokens[domain] = token
  }
}

export function domainOf(path: string): Domain {
  return path.startsWith('/admin') ? 'admin' : 'store'
}
