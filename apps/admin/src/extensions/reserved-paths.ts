/**
 * Core paths of the admin area that extensions may not take over as top-level routes (SPEC §2).
 * `{…}` stands for any one segment. Anything under /settings is reserved too.
 */
export const RESERVED_CORE_PATHS = [
  '/products',
  '/products/{id}',
  '/product-categories',
  '/orders',
  '/orders/{id}',
  '/customers',
  '/customers/{id}',
  '/customers/groups',
  '/customers/groups/{id}',
  '/discounts',
  '/discounts/new',
  '/discounts/{id}',
  '/gift-cards',
  '/gift-cards/{id}',
  '/gift-cards/manage',
  '/pricing',
  '/pricing/new',
  '/pricing/{id}',
  '/inventory',
  '/collections',
  '/collections/{id}',
  '/draft-orders',
  '/draft-orders/{id}',
  '/login',
  '/sales-channels',
  '/publishable-api-keys',
  '/oauth',
  '/oauth/{app_name}',
] as const

/** Core areas under which extensions may nest routes: the reserved paths without parameters. */
export const NESTABLE_CORE_PATHS: readonly string[] = RESERVED_CORE_PATHS.filter((path) => !path.includes('{'))

function segments(path: string): string[] {
  return path.split('/').filter(Boolean)
}

function matches(pattern: string, path: string): boolean {
  const expected = segments(pattern)
  const actual = segments(path)
  if (expected.length !== actual.length) return false
  return expected.every((segment, index) => segment.startsWith('{') || segment === actual[index].toLowerCase())
}

/** The reserved core path a top-level route would take over, or undefined when it is free. */
export function reservedPathFor(path: string): string | undefined {
  const [first] = segments(path)
  if (first?.toLowerCase() === 'settings') return '/settings'
  // Literal paths first, so /customers/groups is named rather than /customers/{id}.
  return (
    NESTABLE_CORE_PATHS.find((pattern) => matches(pattern, path)) ??
    RESERVED_CORE_PATHS.find((pattern) => matches(pattern, path))
  )
}
