import type { FastifyInstance } from 'fastify'

/**
 * The Content-Security-Policy of the pages this server serves (the admin, the storefront): scripts
 * only from this origin, so an injected `<script>` or `on…=` attribute does not run; no plug-ins,
 * no framing by another site, forms and fetches to this origin (and the origins named). Images may
 * come from anywhere over https, as product pictures often live on a CDN. Inline styles stay
 * allowed: server-rendered markup carries `style` attributes.
 */
export function contentSecurityPolicy(connectOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Adds the policy to every HTML answer of the plugin scope it is called in. */
export function sendContentSecurityPolicy(scope: FastifyInstance, policy: string): void {
  scope.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', policy)
    }
    done(null, payload)
  })
}
