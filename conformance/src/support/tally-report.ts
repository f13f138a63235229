import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import type { Tally } from './tally.js'

/**
 * Collects each test file's figures (calls through the Medusa clients, assertions, routes reached)
 * and prints their sum when the run ends.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-conformance-'))
  project.provide('conformanceTally', dir)
  return () => {
    const tallies: Tally[] = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    rmSync(dir, { recursive: true, force: true })
    if (tallies.length === 0) return
    const routes = new Set(tallies.flatMap((tally) => tally.routes))
    const sum = (pick: (tally: Tally) => number) => tallies.reduce((total, tally) => total + pick(tally), 0)
    const domain = (name: string) => [...routes].filter((key) => key.split(' ')[1].startsWith(`/${name}`)).length
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
    console.log(
      `Conformance (${database}): ${sum((t) => t.calls)} calls through medusa-js/medusa-react, ` +
        `${sum((t) => t.assertions)} assertions, ${routes.size} routes reached ` +
        `(${domain('store')} store, ${domain('admin')} admin)`,
    )
  }
}
