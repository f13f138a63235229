// Sums the JSON reports that each Vitest run wrote (see EMPORIUM_TEST_REPORT in the vitest configs)
// into one closing line: "Total: N passed, N failed".
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (name.endsWith('.json')) {
      const report = JSON.parse(readFileSync(path, 'utf8'))
      passed += report.numPassedTests ?? 0
      failed += report.numFailedTests ?? 0
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    }
  }
}
walk(root)
console.log(`Total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
