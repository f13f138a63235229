import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, type JWTPayload } from 'jose'

const encoder = new TextEncoder()

/** A signed HS256 token; each carries its own id, so two made in the same second differ. */
export async function signToken(payload: JWTPayload, secret: string, expiresIn: string): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(encoder.encode(secret))
}

/** The payload of a valid, unexpired token signed with `secret`, or undefined. */
export async function verifyToken<T extends JWTPayload>(token: string, secret: string): Promise<T | undefined> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] })
    return payload as T
  } catch {
    return undefined
  }
}

/**
 * The account token version a session or token carries: none is 0, the version every account starts
 * at (sessions and tokens from before versions existed); anything but a whole number is undefined.
 */
export function tokenVersionOf(claim: unknown): number | undefined {
  if (claim === undefined) return 0
  return Number.isSafeInteger(claim) ? (claim as number) : undefined
}
