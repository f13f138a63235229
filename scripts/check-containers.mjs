#!/usr/bin/env node
// Checks the container files with the tools that read them: the Dockerfile with dockerfile-utils'
// linter (the Docker language server's) plus the rules this project holds it to, and every
// Kubernetes manifest under deploy/k8s against the Kubernetes API schemas (kubernetes-models).
// deploy/compose.yaml is checked by `docker-compose config` in .ci/run. Exits 1 on any finding,
// and ends with "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { validate as lintDockerfile } from 'dockerfile-utils'
import { parseAllDocuments } from 'yaml'

const root = new URL('..', import.meta.url).pathname
let passed = 0
let failed = 0

function check(name, problems) {
  if (problems.length === 0) {
    passed += 1
    console.log(`ok   ${name}`)
  } else {
    failed += 1
    console.log(`FAIL ${name}`)
    for (const problem of problems) console.log(`     ${problem}`)
  }
}

// Dockerfile: the linter's diagnostics (warnings count), then the image's promises.
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8')
check(
  'Dockerfile: dockerfile-utils lint',
  lintDockerfile(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`),
)
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
const stages = instructions.filter((line) => /^FROM\s/i.test(line))
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1)))
const users = finalStage.filter((line) => /^USER\s/i.test(line))
check('Dockerfile: multi-stage, Node.js 24 LTS, pinned bases', [
  ...(stages.length >= 2 ? [] : ['fewer than two stages']),
  ...stages.filter((line) => !/^FROM\s+node:24[-.\w]*(\s|$)/i.test(line)).map((line) => `not Node.js 24: ${line}`),
  ...stages.filter((line) => /:latest(\s|$)/.test(line)).map((line) => `unpinned tag: ${line}`),
])
check('Dockerfile: runs as a non-root user, with a HEALTHCHECK and an exec-form CMD', [
  ...(users.length > 0 && !/^USER\s+(root|0)(\s|:|$)/i.test(users.at(-1)) ? [] : ['last stage runs as root']),
  ...(finalStage.some((line) => /^HEALTHCHECK\s+(--\S+\s+)*CMD\s/i.test(line)) ? [] : ['no HEALTHCHECK CMD']),
  ...(finalStage.some((line) => /^CMD\s+\[/i.test(line)) ? [] : ['CMD is not in exec form (signals reach a shell)']),
  ...instructions.filter((line) => /^ADD\s/i.test(line)).map((line) => `ADD where COPY does: ${line}`),
])

// Kubernetes: each document against its kind's schema, plus probes and non-root on every workload.
const MODELS = {
  'v1/Namespace': 'kubernetes-models/v1/Namespace',
  'v1/ConfigMap': 'kubernetes-models/v1/ConfigMap',
  'v1/Service': 'kubernetes-models/v1/Service',
  'apps/v1/Deployment': 'kubernetes-models/apps/v1/Deployment',
  'batch/v1/Job': 'kubernetes-models/batch/v1/Job',
}
const k8sDir = join(root, 'deploy/k8s')
const kinds = new Set()
for (const file of readdirSync(k8sDir)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort()) {
  for (const document of parseAllDocuments(readFileSync(join(k8sDir, file), 'utf8'))) {
    const problems = document.errors.map((error) => error.message)
    const object = document.toJS()
    if (!object) continue
    const name = `deploy/k8s/${file}: ${object.kind} ${object.metadata?.name}`
    kinds.add(object.kind)
    const model = MODELS[`${object.apiVersion}/${object.kind}`]
    if (!model) problems.push(`no schema known for ${object.apiVersion} ${object.kind}`)
    else {
      const Model = Object.values(await import(model)).find((value) => typeof value === 'function')
      try {
        new Model(object).validate()
      } catch (error) {
        problems.push(...String(error.message).split('\n'))
      }
    }
    const pod = object.kind === 'Deployment' || object.kind === 'Job' ? object.spec?.template?.spec : undefined
    if (pod) {
      if (pod.securityContext?.runAsNonRoot !== true) problems.push('pod does not set runAsNonRoot')
      for (const container of pod.containers ?? []) {
        if (object.kind === 'Deployment' && !container.livenessProbe)
          problems.push(`${container.name}: no liveness probe`)
        if (container.ports?.length && !container.readinessProbe) problems.push(`${container.name}: no readiness probe`)
        if (!container.resources?.requests) problems.push(`${container.name}: no resource requests`)
      }
    }
    check(name, problems)
  }
}
check('deploy/k8s: a Service, Deployments and a migration Job', [
  ...['Service', 'Deployment', 'Job'].filter((kind) => !kinds.has(kind)).map((kind) => `no ${kind}`),
])

console.log(`\ncontainers: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
