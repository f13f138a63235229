/** The parts of GET /admin/store that switch admin areas on or off (SPEC §1, §3). */
export interface StoreCapabilities {
  feature_flags?: readonly { key: string; value: boolean }[] | null
  modules?: readonly { module: string }[] | null
}

export function isFeatureEnabled(store: StoreCapabilities | undefined, key: string): boolean {
  return Boolean(store?.feature_flags?.some((flag) => flag.key === key && flag.value))
}

export function isModuleRegistered(store: StoreCapabilities | undefined, module: string): boolean {
  return Boolean(store?.modules?.some((entry) => entry.module === module))
}
