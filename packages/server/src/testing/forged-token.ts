/**
 * The token with its signature's first character changed. That character carries six whole bits
 * of the signature; the last ones may not (base64url's final character has spare bits, which
 * lenient decoders ignore), so changing those can leave the signature as it was.
 */
export function forgedToken(token: string): string {
  const [header, payload, signature] = token.split('.')
  const first = signature[0] === 'A' ? 'B' : 'A'
  return `${header}.${payload}.${first}${signature.slice(1)}`
}
