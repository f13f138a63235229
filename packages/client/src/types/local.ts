/**
 * Types of the client's own, for routes whose body the server's contracts do not declare yet.
 * Every wire entity now comes from the server's contracts (`types/admin.ts`, `types/store.ts`).
 */

type Json = Record<string, unknown>

/** A request body of a route without a server contract yet. */
export type Payload = Json
