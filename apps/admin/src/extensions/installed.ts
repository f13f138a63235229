import { ExtensionRegistry } from './registry'
import type { ExtensionEntry } from './types'

/**
 * The extensions this admin ships with. To install one, import its entry and add it to the list;
 * see extensions-example/ for an entry that shows each kind of extension.
 */
const installed: readonly ExtensionEntry[] = []

export function buildExtensionRegistry(entries: readonly ExtensionEntry[] = installed): ExtensionRegistry {
  const registry = new ExtensionRegistry()
  for (const entry of entries) registry.register(entry)
  return registry
}
