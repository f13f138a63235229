import qs from 'qs'

/**
 * List filters go in the query string, encoded with qs so the server's parser (array limit 20,
 * depth 5, parameter limit 1000: SPEC §9) reads back the same object.
 */
export function withQuery(path: string, query?: object): string {
  if (!query) return path
  const search = qs.stringify(query, { skipNulls: true })
  return search ? `${path}?${search}` : path
}
