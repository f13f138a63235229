/** The user roles of SPEC §6. */
export const USER_ROLES = ['admin', 'member', 'developer'] as const
export type UserRole = (typeof USER_ROLES)[number]
