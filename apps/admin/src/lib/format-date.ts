/** '2 Dec 2026' in the interface language; '' for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  if (!value) return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date)
}
