interface Corkable {
  cork(): void
  uncork(): void
}

/**
 * Holds back a connection's writes for the rest of this turn of the event loop, so the statements
 * sent meanwhile (drizzle sends one a microtask or two after it is awaited) go out in one write.
 * `connection` is a node-postgres connection, reached through its internals: without a socket that
 * corks, nothing is held and each statement is written on its own, as before.
 */
export function corkForThisTurn(connection: { stream?: Partial<Corkable> } | undefined): void {
  const stream = connection?.stream
  if (!stream?.cork || !stream.uncork) return
  stream.cork()
  setImmediate(() => stream.uncork!())
}
