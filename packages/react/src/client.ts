export { Emporium as EmporiumClient } from '@emporium/client'
export type { ClientConfig } from '@emporium/client'
