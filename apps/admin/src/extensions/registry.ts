import { NESTABLE_CORE_PATHS, reservedPathFor } from './reserved-paths'
import type {
  ExtensionEntry,
  NavigationLink,
  RouteExtension,
  SettingExtension,
  SettingsCard,
  WidgetExtension,
  WidgetZone,
} from './types'
import { WIDGET_ZONES } from './types'

/** Thrown when an extension entry would break the admin: the message says which entry and why. */
export class ExtensionRegistrationError extends Error {
  constructor(identifier: string, reason: string) {
    super(`Extension "${identifier}": ${reason}`)
    this.name = 'ExtensionRegistrationError'
  }
}

const PATH_PATTERN = /^\/[A-Za-z0-9_\-/:]*$/

function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * Holds the extensions installed in this admin. Registration checks each entry as a whole and adds
 * nothing from an entry that fails, so a bad extension never half-installs.
 */
export class ExtensionRegistry {
  private readonly identifiers = new Set<string>()
  private readonly routes: RouteExtension[] = []
  private readonly settings: SettingExtension[] = []
  private readonly widgetsByZone = new Map<WidgetZone, WidgetExtension[]>()

  register(entry: ExtensionEntry): this {
    const { identifier } = entry
    if (!identifier) throw new ExtensionRegistrationError('(unnamed)', 'an identifier is required')
    if (this.identifiers.has(identifier)) throw new ExtensionRegistrationError(identifier, 'is already registered')

    const routes: RouteExtension[] = []
    const settings: SettingExtension[] = []
    const widgets: [WidgetZone, WidgetExtension][] = []
    for (const extension of entry.extensions) {
      if (extension.type === 'route') routes.push(this.checkRoute(identifier, extension, routes))
      else if (extension.type === 'setting') settings.push(this.checkSetting(identifier, extension, settings))
      else for (const zone of this.checkZones(identifier, extension)) widgets.push([zone, extension])
    }

    this.identifiers.add(identifier)
    this.routes.push(...routes)
    this.settings.push(...settings)
    for (const [zone, widget] of widgets)
      this.widgetsByZone.set(zone, [...(this.widgetsByZone.get(zone) ?? []), widget])
    return this
  }

  /** Routes at /a{path}. */
  topLevelRoutes(): readonly RouteExtension[] {
    return this.routes.filter((route) => !route.nested)
  }

  /** Routes nested under a core area such as '/products'. */
  nestedRoutes(corePath: string): readonly RouteExtension[] {
    return this.routes.filter((route) => route.nested === normalizePath(corePath))
  }

  /** Sidebar links of routes that asked for one, with their full path inside the admin area. */
  navigationLinks(): readonly NavigationLink[] {
    return this.routes
      .filter((route) => route.link)
      .map((route) => ({
        path: `${route.nested ?? ''}${route.path}`,
        label: route.link!.label,
        icon: route.link!.icon,
      }))
  }

  settingsEntries(): readonly SettingExtension[] {
    return this.settings
  }

  settingsCards(): readonly SettingsCard[] {
    return this.settings.map((setting) => ({ path: `/settings${setting.path}`, ...setting.card }))
  }

  widgets(zone: WidgetZone): readonly WidgetExtension[] {
    return this.widgetsByZone.get(zone) ?? []
  }

  private checkPath(identifier: string, path: string): string {
    if (!PATH_PATTERN.test(path) || path === '/') {
      throw new ExtensionRegistrationError(identifier, `path "${path}" must start with "/" and name a page`)
    }
    return normalizePath(path)
  }

  private checkRoute(identifier: string, route: RouteExtension, pending: RouteExtension[]): RouteExtension {
    const path = this.checkPath(identifier, route.path)
    if (route.nested !== undefined) {
      const nested = normalizePath(route.nested)
      if (!NESTABLE_CORE_PATHS.includes(nested)) {
        throw new ExtensionRegistrationError(
          identifier,
          `nested route "${path}" names "${route.nested}", which is not a core area (${NESTABLE_CORE_PATHS.join(', ')})`,
        )
      }
      return this.unique(identifier, { ...route, path, nested }, pending)
    }
    const reserved = reservedPathFor(path)
    if (reserved) {
      throw new ExtensionRegistrationError(
        identifier,
        reserved === '/settings'
          ? `route "${path}" is under /settings, which is reserved; register a setting extension instead`
          : `route "${path}" takes over the reserved core path "${reserved}"`,
      )
    }
    return this.unique(identifier, { ...route, path }, pending)
  }

  private unique(identifier: string, route: RouteExtension, pending: RouteExtension[]): RouteExtension {
    const fullPath = `${route.nested ?? ''}${route.path}`
    const taken = [...this.routes, ...pending].some((other) => `${other.nested ?? ''}${other.path}` === fullPath)
    if (taken) throw new ExtensionRegistrationError(identifier, `route "${fullPath}" is already registered`)
    return route
  }

  private checkSetting(identifier: string, setting: SettingExtension, pending: SettingExtension[]): SettingExtension {
    const path = this.checkPath(identifier, setting.path)
    if ([...this.settings, ...pending].some((other) => other.path === path)) {
      throw new ExtensionRegistrationError(identifier, `setting "${path}" is already registered`)
    }
    if (!setting.card.label || !setting.card.description) {
      throw new ExtensionRegistrationError(identifier, `setting "${path}" needs a card label and description`)
    }
    return { ...setting, path }
  }

  private checkZones(identifier: string, widget: WidgetExtension): readonly WidgetZone[] {
    const zones: readonly WidgetZone[] = typeof widget.zone === 'string' ? [widget.zone] : widget.zone
    if (zones.length === 0) throw new ExtensionRegistrationError(identifier, 'a widget needs at least one zone')
    const unknown = zones.find((zone) => !(WIDGET_ZONES as readonly string[]).includes(zone))
    if (unknown) throw new ExtensionRegistrationError(identifier, `widget zone "${unknown}" does not exist`)
    return zones
  }
}
