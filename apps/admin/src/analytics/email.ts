/** SPEC §5: letters, digits and ._%+- before the @, a domain, and a top-level domain of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i

/** The email goes with tracking only when the user has neither anonymized nor opted out. */
export function trackableEmail(
  email: string | undefined,
  preferences: { anonymize: boolean; opt_out: boolean },
): string | undefined {
  if (!email || preferences.anonymize || preferences.opt_out) return undefined
  return email
}
