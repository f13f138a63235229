/**
 * Where to go after logging in: the `next` query parameter when it is a path inside the admin,
 * otherwise the admin's home. Absolute and protocol-relative URLs are refused (open redirects).
 */
export function safeNextPath(next: string | null | undefined, fallback = '/a'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback
  return next
}
