import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RouteRecorder } from './routes.js'

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceTally: string
  }
}

export interface Tally {
  file: string
  calls: number
  assertions: number
  routes: string[]
}

/** One file's figures, summed over the run by tally-report.ts. */
export function writeTally(dir: string, file: string, recorder: RouteRecorder, assertions: number) {
  mkdirSync(dir, { recursive: true })
  const tally: Tally = { file, calls: recorder.calls, assertions, routes: [...recorder.called.keys()] }
  writeFileSync(join(dir, `${file}.json`), JSON.stringify(tally))
}
