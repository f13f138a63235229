import pg from 'pg'

export interface NamingLimits {
  /** Distinct texts a pool names; later ones go unnamed, so the server's memory stays bounded. */
  maxNamed: number
  /** Longer texts (large multi-row inserts) are rarely sent twice and would cost each connection memory. */
  maxTextLength: number
}

const LIMITS: NamingLimits = { maxNamed: 2000, maxTextLength: 16_384 }

interface QueryConfigLike {
  text?: unknown
  name?: unknown
  values?: unknown
}

/**
 * A pool client that names the parameterised statements it sends, one name per distinct text, so
 * PostgreSQL parses and plans a statement once per connection and then only binds and runs it
 * (the server keeps a named statement for the life of the connection, across transactions). The
 * same text always gets the same name in a pool. Statements without parameters keep the simple
 * protocol they use today (scripts of several statements, BEGIN, COMMIT).
 */
export function namingClient(limits: NamingLimits = LIMITS): typeof pg.Client {
  const names = new Map<string, string>()

  const nameOf = (text: string): string | undefined => {
    const known = names.get(text)
    if (known !== undefined || names.size >= limits.maxNamed || text.length > limits.maxTextLength) return known
    const name = `emporium_${names.size}`
    names.set(text, name)
    return name
  }

  class NamingClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config, valuesArgument] = args
      if (typeof config === 'object' && config !== null) {
        const { text, name } = config as QueryConfigLike
        const values = (config as QueryConfigLike).values ?? valuesArgument
        if (typeof text === 'string' && name === undefined && Array.isArray(values) && values.length > 0) {
          const given = nameOf(text)
          if (given !== undefined) args[0] = { ...config, name: given }
        }
      }
      return (super.query as (...queryArgs: unknown[]) => never)(...args)
    }
  }
  return NamingClient
}
