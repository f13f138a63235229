import { JSDOM } from 'jsdom'
import { populateGlobal } from 'vitest/runtime'

// Node's own versions stay: the in-process server and its database need them (jsdom's Blob, for
// one, cannot be read back as an ArrayBuffer).
const KEEP_NODE_GLOBALS = [
  'AbortController',
  'AbortSignal',
  'Blob',
  'File',
  'FormData',
  'Headers',
  'ReadableStream',
  'Request',
  'Response',
  'TextDecoder',
  'TextEncoder',
  'URL',
  'URLSearchParams',
  'crypto',
  'fetch',
] as const

/**
 * A browser page for the integration tests, which run in the Node environment: the server they
 * start in-process must load as Node code (Vitest's jsdom environment rewrites its file URLs).
 * Import this after the server modules and before React, which looks for a DOM when it loads.
 */
const page = new JSDOM('<!doctype html><html><body></body></html>', {
  url: 'http://localhost:5173/',
  pretendToBeVisual: true,
})
const nodeGlobals = new Map(KEEP_NODE_GLOBALS.map((name) => [name, Reflect.get(globalThis, name)]))
populateGlobal(globalThis, page.window, { bindFunctions: true })
for (const [name, value] of nodeGlobals) Reflect.set(globalThis, name, value)
