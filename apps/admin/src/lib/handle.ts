/** A URL handle as the server accepts it: lower-case letters, digits and dashes (or empty, to derive one). */
export const isValidHandle = (value: string): boolean => /^[a-z0-9-]*$/.test(value.trim())
