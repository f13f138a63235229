// `npm run coverage`: writes docs/coverage.md from the server's routes (see src/coverage/report.ts).
import { writeFileSync } from 'node:fs'
import { COVERAGE_DOC, coverageMarkdown } from '../src/coverage/report.js'
import { servedRoutes } from '../src/coverage/served-routes.js'

writeFileSync(COVERAGE_DOC, coverageMarkdown(await servedRoutes()))
console.log(`Wrote ${COVERAGE_DOC}`)
