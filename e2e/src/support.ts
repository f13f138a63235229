import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

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
  private constructor(private readonly token: string) {}

  static async login(email: string, password: string): Promise<AdminApi> {
    const res = await fetch(`${baseUrl}/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (!res.ok) throw new Error(`POST /admin/auth/token for ${email}: ${res.status} ${await res.text()}`)
    const { access_token } = (await res.json()) as { access_token: string }
    return new AdminApi(access_token)
  }

  async request<T = Json>(method: string, path: string, body?: Json): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
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
