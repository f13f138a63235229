/** The tag the server puts in index.html when it has a collector (EMPORIUM_ADMIN_ANALYTICS_URL). */
export const COLLECTOR_META = 'emporium-analytics-url'

/**
 * Where usage events go: the collector the server names in the page, else the one given at build
 * time (the development server, an admin hosted on its own). Undefined: no collector, so no
 * consent is asked and nothing is sent.
 */
export function configuredCollectorUrl(
  doc: Document = document,
  buildTime: string | undefined = import.meta.env.EMPORIUM_ADMIN_ANALYTICS_URL,
): string | undefined {
  const served = doc.querySelector<HTMLMetaElement>(`meta[name="${COLLECTOR_META}"]`)?.content
  return served || buildTime || undefined
}
