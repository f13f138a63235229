import type { TestProject } from 'vitest/node'
import { startServerProcess } from './server-process.js'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    adminEmail: string
    adminPassword: string
  }
}

/**
 * The demo admin answers the usage-data question up front, so the consent screen (which has its
 * own test with a fresh user) does not cover the other screens.
 */
async function answerConsent(baseUrl: string, login: { email: string; password: string }): Promise<void> {
  const json = { 'content-type': 'application/json' }
  const auth = await fetch(`${baseUrl}/admin/auth/token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(login),
  })
  if (!auth.ok) throw new Error(`Demo admin login failed: ${auth.status}`)
  const { access_token } = (await auth.json()) as { access_token: string }
  const consent = await fetch(`${baseUrl}/admin/analytics-configs`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ opt_out: true }),
  })
  if (!consent.ok) throw new Error(`Demo admin consent failed: ${consent.status} ${await consent.text()}`)
}

/** One real server on a fresh embedded database for the whole suite, stopped at the end. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServerProcess()
  try {
    await answerConsent(server.baseUrl, server.login)
    project.provide('baseUrl', server.baseUrl)
    project.provide('adminEmail', server.login.email)
    project.provide('adminPassword', server.login.password)
  } catch (error) {
    await server.stop()
    throw error
  }
  return server.stop
}
