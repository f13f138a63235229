import type { ComponentType } from 'react'

/** Props every extension component receives. */
export interface ExtensionProps {
  /** Shows a shared-UI toast, as the admin's own screens do. */
  notify: {
    success: (title: string, message: string) => void
    warning: (title: string, message: string) => void
    error: (title: string, message: string) => void
    info: (title: string, message: string) => void
  }
}

export type ExtensionIcon = ComponentType<{ className?: string }>

/** The named places in core screens where widgets can render. */
export const WIDGET_ZONES = [
  'login.before',
  'login.after',
  'product.list.before',
  'product.list.after',
  'product.details.before',
  'product.details.after',
  'product_collection.list.before',
  'product_collection.list.after',
  'product_collection.details.before',
  'product_collection.details.after',
  'product_category.list.before',
  'product_category.list.after',
  'order.list.before',
  'order.list.after',
  'order.details.before',
  'order.details.after',
  'draft_order.list.before',
  'draft_order.list.after',
  'draft_order.details.before',
  'draft_order.details.after',
  'customer.list.before',
  'customer.list.after',
  'customer.details.before',
  'customer.details.after',
  'customer_group.list.before',
  'customer_group.list.after',
  'customer_group.details.before',
  'customer_group.details.after',
  'discount.list.before',
  'discount.list.after',
  'discount.details.before',
  'discount.details.after',
  'gift_card.list.before',
  'gift_card.list.after',
  'gift_card.details.before',
  'gift_card.details.after',
  'custom_gift_card.before',
  'custom_gift_card.after',
  'price_list.list.before',
  'price_list.list.after',
  'price_list.details.before',
  'price_list.details.after',
] as const

export type WidgetZone = (typeof WIDGET_ZONES)[number]

export interface NavigationLink {
  path: string
  label: string
  icon?: ExtensionIcon
}

/**
 * A page of the admin area. Without `nested` it is a top-level route at /a{path}; with `nested` set
 * to a core area (e.g. '/products') it lives at /a{nested}{path}. A `link` adds it to the sidebar.
 */
export interface RouteExtension {
  type: 'route'
  path: string
  nested?: string
  link?: { label: string; icon?: ExtensionIcon }
  Component: ComponentType<ExtensionProps>
}

/** A component rendered in one named zone or in each of a list of zones. */
export interface WidgetExtension {
  type: 'widget'
  zone: WidgetZone | readonly WidgetZone[]
  Component: ComponentType<ExtensionProps>
}

/** A settings page at /a/settings{path}, listed as a card on the settings overview. */
export interface SettingExtension {
  type: 'setting'
  path: string
  card: { label: string; description: string; icon?: ExtensionIcon }
  Component: ComponentType<ExtensionProps>
}

export type Extension = RouteExtension | WidgetExtension | SettingExtension

/** What an extension package exports: its identifier and the pieces it adds. */
export interface ExtensionEntry {
  identifier: string
  extensions: readonly Extension[]
}

export interface SettingsCard {
  path: string
  label: string
  description: string
  icon?: ExtensionIcon
}
