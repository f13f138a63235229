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

const headersOf = (request: { headers?: Record<string, string | string[] | undefined> }) =>
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

/** Sends one request of a step, as autocannon would; answers its status and body. */
export async function send(
  baseUrl: string,
  request: Pick<autocannon.Request, 'method' | 'path' | 'headers' | 'body'>,
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${baseUrl}${request.path ?? '/'}`, {
    method: request.method ?? 'GET',
    headers: headersOf(request),
    body: request.body === undefined ? undefined : String(request.body),
    signal: AbortSignal.timeout(15_000),
  })
  return { status: response.status, body: await response.text() }
}

/** Runs the flow once, as one connection would, with the same hooks. */
export async function probe(baseUrl: string, steps: Step[]): Promise<Probe> {
  const context: Context = {}
  const result: Probe = { statuses: [], response_bytes: 0 }
  for (const [index, step] of steps.entries()) {
    const request = step.setupRequest ? step.setupRequest({ ...step } as autocannon.Request, context) : step
    if (!request) break
    const { status, body } = await send(baseUrl, request)
    result.statuses.push(status)
    result.response_bytes = Buffer.byteLength(body)
    if (status === 404 && /"message":"Route \S+ \S+ not found"/.test(body)) {
      return { ...result, missingRoute: `${request.method ?? 'GET'} ${request.path?.split('?')[0]}` }
    }
    if (status >= 300) result.first_failure ??= failure(step, index, status, body)
    step.onResponse?.(status, body, context)
  }
  return result
}
