import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdminApi,
  baseUrl,
  demoAdmin,
  launchChromium,
  logIn,
  screenshot,
  startExtraServer,
  uniqueEmail,
  watchForProblems,
  type ExtraServer,
} from './support.js'

interface Sent {
  anonymousId: string
  batch: { type: string; event?: string; path?: string; userId?: string; properties?: Record<string, unknown> }[]
}

/** A usage-data collector on this machine: records every batch the admin sends it. */
function startCollector(): Promise<{ url: string; received: Sent[]; server: Server }> {
  const received: Sent[] = []
  const server = createServer((request, response) => {
    // The admin's page is on another origin: answer its preflight and its POST for any origin.
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-methods', 'POST')
    response.setHeader('access-control-allow-headers', 'content-type')
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.method === 'POST') received.push(JSON.parse(body) as Sent)
      response.writeHead(204).end()
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${port}/v1/batch`, received, server })
    })
  })
}

// The shared server has no collector; this file runs one with a collector for the consent flow.
let collector: Awaited<ReturnType<typeof startCollector>>
let server: ExtraServer
let browser: Browser
beforeAll(async () => {
  collector = await startCollector()
  server = await startExtraServer({ EMPORIUM_ADMIN_ANALYTICS_URL: collector.url })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise((done) => collector?.server.close(done))
})

async function newContext(url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, locale: 'en-US', viewport: { width: 1280, height: 900 } })
  context.setDefaultTimeout(20_000)
  context.setDefaultNavigationTimeout(30_000)
  return context
}

const events = () => collector.received.flatMap((sent) => sent.batch)

describe('usage-data consent with a collector', () => {
  it('asks a new user once, sends nothing before consent nor after opting out', async () => {
    // A user who has never answered: the consent screen covers the admin after logging in.
    const email = uniqueEmail('newcomer')
    const password = 'consent-password-7'
    const admin = await AdminApi.loginAt(server.baseUrl, server.login.email, server.login.password)
    await admin.createUser(email, password, { consent: false })

    const context = await newContext(server.baseUrl)
    const page = await context.newPage()
    // The contract's 404 (the user has not answered yet), also logged by the browser.
    const problems = watchForProblems(page, [
      /GET \S+\/admin\/analytics-configs answered 404/,
      /Failed to load resource: the server responded with a status of 404/,
    ])
    await logIn(page, email, password)
    const consent = page.getByRole('dialog', { name: 'Help us get better' })
    await consent.waitFor()
    await screenshot(page, 'consent')

    const emailField = consent.getByRole('textbox', { name: 'Your email', exact: true })
    const anonymize = consent.getByRole('switch', { name: 'Anonymize my usage data' })
    const optOut = consent.getByRole('switch', { name: 'Opt out of sharing my usage data' })
    const invalidEmail = consent.getByText('Please enter a valid email', { exact: true })
    expect(await emailField.getAttribute('placeholder')).toBe(email)
    expect(await emailField.isEnabled()).toBe(true)

    await emailField.fill('not-an-email')
    await consent.getByRole('button', { name: 'Continue' }).click()
    await invalidEmail.waitFor()
    expect(await consent.isVisible()).toBe(true)

    // Either option disables and dims the email field (and clears its error).
    const opacity = () => emailField.evaluate((input) => getComputedStyle(input.parentElement!).opacity)
    expect(await opacity()).toBe('1')
    await anonymize.click()
    expect(await anonymize.isChecked()).toBe(true)
    expect(await emailField.isDisabled()).toBe(true)
    expect(await opacity()).toBe('0.5')
    await invalidEmail.waitFor({ state: 'detached' })
    await anonymize.click()
    expect(await emailField.isEnabled()).toBe(true)

    // Opting out turns anonymize off and locks it.
    await anonymize.click()
    await optOut.click()
    expect(await optOut.isChecked()).toBe(true)
    expect(await anonymize.isChecked()).toBe(false)
    expect(await anonymize.isDisabled()).toBe(true)
    expect(await emailField.isDisabled()).toBe(true)

    await optOut.click()
    expect(await anonymize.isEnabled()).toBe(true)
    expect(await emailField.isEnabled()).toBe(true)

    await anonymize.click()
    // The user has been on the admin for a while: not one event has left the browser yet.
    expect(collector.received).toEqual([])
    await consent.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Analytics preferences success', { exact: true }).waitFor()
    await consent.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()

    // Consent given (anonymized): the user, the page and the store figures arrive, not the email.
    await expect.poll(() => events().map((event) => event.type)).toEqual(expect.arrayContaining(['identify', 'page']))
    expect(events()).toContainEqual(expect.objectContaining({ type: 'page', path: '/a' }))
    expect(JSON.stringify(collector.received)).not.toContain(email)

    const own = await AdminApi.loginAt(server.baseUrl, email, password)
    const { analytics_config } = await own.request<{ analytics_config: { opt_out: boolean; anonymize: boolean } }>(
      'GET',
      '/admin/analytics-configs',
    )
    expect(analytics_config).toMatchObject({ opt_out: false, anonymize: true })

    // Answered once: the next visit reads the saved answer and goes straight to the admin.
    const configRead = page.waitForResponse((res) => res.url().endsWith('/admin/analytics-configs'))
    await page.reload()
    expect((await configRead).status()).toBe(200)
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    expect(await consent.count()).toBe(0)

    // Opting out in the settings: what was queued goes, then nothing more, whatever the user opens.
    await page.goto('/app/a/settings/personal-information')
    const usage = page.getByRole('region', { name: 'Usage insights' })
    await usage.getByRole('switch', { name: 'Opt out of sharing my usage data' }).click()
    await usage.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Analytics preferences success', { exact: true }).waitFor()
    await page.waitForTimeout(1000)
    const sentBeforeOptOut = collector.received.length
    for (const path of ['/app/a/products', '/app/a/orders', '/app/a']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
    }
    // Longer than the collector's 5 s flush interval.
    await page.waitForTimeout(6000)
    expect(collector.received.length).toBe(sentBeforeOptOut)
    expect(problems()).toEqual([])
    await context.close()
  })
})

describe('usage-data consent without a collector', () => {
  it('asks nothing and reads no config: there is nowhere to send usage data', async () => {
    const email = uniqueEmail('no-collector')
    const password = 'consent-password-8'
    const admin = await AdminApi.login(demoAdmin.email, demoAdmin.password)
    await admin.createUser(email, password, { consent: false })

    const context = await newContext(baseUrl)
    const page = await context.newPage()
    const problems = watchForProblems(page)
    const configReads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/admin/analytics-configs')) configReads.push(request.url())
    })
    await logIn(page, email, password)
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('dialog', { name: 'Help us get better' }).count()).toBe(0)
    expect(await page.locator('meta[name="emporium-analytics-url"]').count()).toBe(0)
    expect(configReads).toEqual([])
    expect(problems()).toEqual([])
    await context.close()
  })
})
