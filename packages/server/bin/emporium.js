#!/usr/bin/env node
// The `emporium` command: runs the built server CLI, or says how to build it.
import { existsSync } from 'node:fs'

const main = new URL('../dist/main.js', import.meta.url)
if (!existsSync(main)) {
  console.error('emporium: the server is not built yet. Run `npm run build` in the project root first.')
  process.exit(1)
}
await import(main.href)
