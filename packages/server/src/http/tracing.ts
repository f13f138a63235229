import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api'
import type { FastifyInstance } from 'fastify'

/**
 * One OpenTelemetry span per request (`GET /store/products/:id`: the route pattern, never the
 * ids), active while the request runs, so the statements it sends (db/traced-statements.ts) are
 * its children. Registered first, so it covers every other hook.
 */
export function registerRequestSpans(app: FastifyInstance): void {
  const tracer = trace.getTracer('emporium.http')
  const spans = new WeakMap<object, Span>()
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url
    const span = tracer.startSpan(route ? `${request.method} ${route}` : request.method, {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': request.method,
        'url.path': request.url.split('?')[0],
        ...(route ? { 'http.route': route } : {}),
        'emporium.request_id': request.id,
      },
    })
    spans.set(request, span)
    context.with(trace.setSpan(context.active(), span), done)
  })
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request)
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode)
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      span.end()
    }
    done()
  })
  app.addHook('onRequestAbort', (request, done) => {
    const span = spans.get(request)
    span?.setStatus({ code: SpanStatusCode.ERROR, message: 'client aborted' })
    span?.end()
    done()
  })
}
