import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type pg from 'pg'

/**
 * A `pg.Client` class whose statements are OpenTelemetry spans (`db.query`, a child of the request
 * that sent them), with the statement's text. Used only when tracing is on (EMPORIUM_TRACING).
 */
/** Asked for on each statement: a tracer taken before the provider was registered may stay a no-op. */
const tracer = () => trace.getTracer('emporium.db')
/** Long statements (bulk inserts) are cut: a span is not a place for whole payloads. */
const MAX_STATEMENT_CHARS = 2000

type Callback = (error: Error | null, result?: unknown) => void

function statementOf(first: unknown): string {
  const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text
  return (text ?? '').slice(0, MAX_STATEMENT_CHARS)
}

export function withStatementSpans(Base: typeof pg.Client): typeof pg.Client {
  class TracedClient extends Base {
    // pg's overloads (promise, callback, submittable) all arrive here.
    override query(...args: unknown[]): never {
      const statement = statementOf(args[0])
      const span = tracer().startSpan(
        'db.query',
        {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': 'postgresql', 'db.query.text': statement },
        },
        context.active(),
      )
      const end = (error?: unknown) => {
        if (error) {
          span.recordException(error as Error)
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message })
        }
        span.end()
      }
      const last = args.at(-1)
      if (typeof last === 'function') {
        const callback = last as Callback
        args[args.length - 1] = (error: Error | null, result?: unknown) => {
          end(error ?? undefined)
          callback(error, result)
        }
        return (super.query as (...all: unknown[]) => never)(...args)
      }
      const result = (super.query as (...all: unknown[]) => unknown)(...args)
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        ;(result as Promise<unknown>).then(
          () => end(),
          (error: unknown) => end(error),
        )
      } else {
        end()
      }
      return result as never
    }
  }
  return TracedClient as unknown as typeof pg.Client
}
