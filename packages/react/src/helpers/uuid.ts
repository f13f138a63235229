const UUID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$|^0{8}-0{4}-0{4}-0{4}-0{12}$|^f{8}-f{4}-f{4}-f{4}-f{12}$/i

/**
 * Whether a string is an RFC 9562 UUID (versions 1-8, the nil and the max UUID).
 *
 * @example
 * isUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8') // true
 * @since 0.1.0
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value)
}

/**
 * The 16 bytes of a UUID string; throws `TypeError('Invalid UUID')` for anything else.
 *
 * @example
 * parseUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8')[0] // 0x6b
 * parseUuid('not-a-uuid') // throws TypeError: Invalid UUID
 * @since 0.1.0
 */
export function parseUuid(value: string): Uint8Array {
  if (!isUuid(value)) throw new TypeError('Invalid UUID')
  const hex = value.replaceAll('-', '')
  const bytes = new Uint8Array(16)
  for (let i = 0; i < 16; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}
