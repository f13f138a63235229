/** One pass through a scenario's steps, as one connection makes it, outside the load. */
import type autocannon from 'autocannon'
import type { Failure } from './report.js'
import type { Context, Step } from './scenarios.js'

export const failure = (step: Step, index: number, status: number, body: string): Failure => ({
  step: index + 1,
  request: `${step.method ?? 'GET'} ${step.path ?? '/'}`,
  status,
  body: body.slice(0, 2000),
})

export const headersOf = (request: { headers?: Record<string, string | string[] | undefined> }) =>
  Object.fromEntries(
    Object.entries(request.headers ?? {}).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, [value].flat().join(', ')]],
    ),
  )

export interface Probe {
  statuses: number[]
  response_bytes: number
  first_failure?: Failure
  /** Set when the server has no such route: `POST /store/products/search`. */
  missingRoute?: string
}

/** Runs the flow once, as one connection would, with the same hooks. */
export async function probe(baseUrl: string, steps: Step[]): Promise<Probe> {
  const context: Context = {}
  const result: Probe = { statuses: [], response_bytes: 0 }
  for (const [index, step] of steps.entries()) {
    const request = step.setupRequest ? step.setupRequest({ ...step } as autocannon.Request, context) : step
    if (!request) break
    const method = request.method ?? 'GET'
    const response = await fetch(`${baseUrl}${request.path ?? '/'}`, {
      method,
      headers: headersOf(request),
      body: request.body === undefined ? undefined : String(request.body),
      signal: AbortSignal.timeout(15_000),
    })
    const body = await response.text()
    result.statuses.push(response.status)
    result.response_bytes = Buffer.byteLength(body)
    if (response.status === 404 && /"message":"Route \S+ \S+ not found"/.test(body)) {
      return { ...result, missingRoute: `${method} ${request.path?.split('?')[0]}` }
    }
    if (response.status >= 300) result.first_failure ??= failure(step, index, response.status, body)
    step.onResponse?.(response.status, body, context)
  }
  return result
}
