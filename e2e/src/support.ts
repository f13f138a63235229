import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { startServerProcess, type ServerProcess } from './server-process.js'

export const baseUrl = inject('baseUrl')
export const demoAdmin = { email: inject('adminEmail'), password: inject('adminPassword') }

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts')

/** The system Chromium (never a downloaded build), headless, without background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  })
}

/** One browser per test file; each test opens its own contexts (separate cookies and storage). */
export function useBrowser(): { newContext: () => Promise<BrowserContext> } {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    async newContext() {
      if (!browser) throw new Error('The browser starts in beforeAll')
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'en-US',
        viewport: { width: 1280, height: 900 },
      })
      // The machine is small and shared: give slow renders room.
      context.setDefaultTimeout(20_000)
      context.setDefaultNavigationTimeout(30_000)
      return context
    },
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true })
}

type Json = Record<string, unknown>

/** Calls the admin API with a bearer token, failing loudly on any non-2xx answer. */
export class AdminApi {
  private constructor(
    private readonly token: string,
    private readonly apiUrl: string = baseUrl,
  ) {}

  static async login(email: string, password: string): Promise<AdminApi> {
    return AdminApi.loginAt(baseUrl, email, password)
  }

  /** Logs in on a server other than the shared one (see `startExtraServer`). */
  static async loginAt(url: string, email: string, password: string): Promise<AdminApi> {
    const res = await fetch(`${url}/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (!res.ok) throw new Error(`POST /admin/auth/token for ${email}: ${res.status} ${await res.text()}`)
    const { access_token } = (await res.json()) as { access_token: string }
    return new AdminApi(access_token, url)
  }

  async request<T = Json>(method: string, path: string, body?: Json): Promise<T> {
    const res = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }

  /**
   * The link of the newest notification of `event_name` sent to `to`. Subscribers send after the
   * write commits, so it is polled for a short while.
   */
  async notificationLink(eventName: string, to: string): Promise<string> {
    const query = new URLSearchParams({ event_name: eventName, to, fields: 'id,to,data', limit: '1' })
    const deadline = Date.now() + 15_000
    while (Date.now() < deadline) {
      const { notifications } = await this.request<{ notifications: { data: { link?: string } }[] }>(
        'GET',
        `/admin/notifications?${query}`,
      )
      const link = notifications[0]?.data.link
      if (link) return link
      await new Promise((done) => setTimeout(done, 250))
    }
    throw new Error(`No ${eventName} notification to ${to}`)
  }

  /** A staff user; with `consent`, the usage-data question is already answered (opted out). */
  async createUser(email: string, password: string, options: { consent: boolean }): Promise<void> {
    await this.request('POST', '/admin/users', { email, password, first_name: 'Throwaway', last_name: 'User' })
    if (options.consent) {
      const own = await AdminApi.login(email, password)
      await own.request('POST', '/admin/analytics-configs', { opt_out: true })
    }
  }
}

/** A unique e-mail, so no two tests share a user. */
export function uniqueEmail(purpose: string): string {
  return `${purpose}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`
}

/** Logs in through the login screen. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/app/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
}

/**
 * Collects what must not happen on a page: console errors, uncaught exceptions, failed requests
 * and answers of 400 or more (`allow` names expected ones, e.g. the contract's 404 for a user
 * without an analytics config).
 */
export function watchForProblems(page: Page, allow: readonly RegExp[] = []): () => string[] {
  const problems: string[] = []
  const allowed = (text: string) => allow.some((pattern) => pattern.test(text))
  page.on('console', (message) => {
    if (message.type() === 'error' && !allowed(message.text())) problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('requestfailed', (request) => {
    const line = `${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`
    // Navigating away aborts what the old page still had in flight.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED' && !allowed(line)) problems.push(line)
  })
  page.on('response', (response) => {
    const line = `${response.request().method()} ${response.url()} answered ${response.status()}`
    if (response.status() >= 400 && !allowed(line)) problems.push(line)
  })
  return () => problems
}

/** The serious and critical axe-core violations of the page as it is now, one line each. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright')
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
}

/** The two sizes every admin screen is checked at: a laptop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

/** Opens an admin area: from the sidebar on a wide screen, through the menu drawer on a phone. */
export async function openArea(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Open menu' })
  const navigation = page.getByRole('navigation', { name: 'Main navigation' })
  // Right after login the shell may still be loading: wait for the sidebar or the menu button.
  await menu.or(navigation).first().waitFor()
  if (await menu.isVisible()) await menu.click()
  await navigation.getByRole('link', { name, exact: true }).click()
}

/**
 * Elements that stick out past the right edge of the window (the page then scrolls sideways on
 * a phone). Content inside a scrolling container, such as a wide table, does not count.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const main = document.querySelector('main')
    const sideways = (element: Element | null) => Boolean(element && element.scrollWidth > element.clientWidth + 1)
    if (!sideways(document.documentElement) && !sideways(main)) return []
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent)
        if (parent === main) return false
        if (overflowX === 'auto' || overflowX === 'scroll' || overflowX === 'hidden') return true
      }
      return false
    }
    const found = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
    // An absolutely placed child of a scroll container that is not positioned escapes it and widens
    // the page, though it looks clipped: the page scrolling sideways is reported all the same.
    if (found.length === 0 && sideways(document.documentElement))
      found.push(`the page (${document.documentElement.scrollWidth} px wide in ${width} px)`)
    if (found.length === 0 && sideways(main))
      found.push(`main (${main!.scrollWidth} px wide in ${main!.clientWidth} px)`)
    return found
  })
}

export type ExtraServer = ServerProcess

/**
 * A second real server on its own fresh database, for screens behind a feature flag the shared
 * server leaves off (`env` e.g. `{ EMPORIUM_FF_INVENTORYSERVICE: 'true' }`). Its demo admin has
 * answered the usage-data question.
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const server = await startServerProcess(env)
  try {
    const api = await AdminApi.loginAt(server.baseUrl, server.login.email, server.login.password)
    await api.request('POST', '/admin/analytics-configs', { opt_out: true })
    return server
  } catch (error) {
    await server.stop()
    throw error
  }
}
