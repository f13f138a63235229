import { resourceFromAttributes } from '@opentelemetry/resources'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node'

/**
 * OpenTelemetry tracing, off unless `EMPORIUM_TRACING=true`: spans of requests and statements go
 * by OTLP over HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`;
 * the collector's default, http://localhost:4318, otherwise), named `OTEL_SERVICE_NAME`
 * (`emporium`). Answers the function that flushes and stops it.
 */
export function startTracing(env: Record<string, string | undefined> = process.env): () => Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'emporium',
      'service.instance.id': String(process.pid),
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  })
  // Also installs the AsyncLocalStorage context manager that carries a request's span to its statements.
  provider.register()
  return () => provider.shutdown()
}
