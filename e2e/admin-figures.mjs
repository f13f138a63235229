// The admin's figures, measured in the system Chromium against a running server:
//  - the JavaScript each area loads (the admin is split per area), from the built files;
//  - the orders list's time to interactive: from navigation to the first page of orders shown with
//    the main thread quiet (no long task running), a cold load each run.
//
//   DATABASE_URL=postgres://… npm start                       # in another terminal
//   DATABASE_URL=postgres://… npm run orders -w @emporium/bench -- --count 10000
//   node e2e/admin-figures.mjs [baseUrl] [runs]
//
// The admin's login is read from EMPORIUM_ADMIN_EMAIL / EMPORIUM_ADMIN_PASSWORD, else from the
// demo login `npm start` printed (.emporium/data/demo-login.json).
/* global window, document */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'

const REPO = resolve(import.meta.dirname, '..')
const baseUrl = process.argv[2] ?? 'http://localhost:9000'
const runs = Number(process.argv[3] ?? 5)

function login() {
  if (process.env.EMPORIUM_ADMIN_EMAIL) {
    return { email: process.env.EMPORIUM_ADMIN_EMAIL, password: process.env.EMPORIUM_ADMIN_PASSWORD ?? '' }
  }
  return JSON.parse(readFileSync(join(REPO, '.emporium/data/demo-login.json'), 'utf8'))
}

/** Each built script's size, raw and gzipped, largest first. */
function bundleSizes() {
  const assets = join(REPO, 'apps/admin/dist/assets')
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const bytes = readFileSync(join(assets, name))
      return { name, raw: statSync(join(assets, name)).size, gzip: gzipSync(bytes).length }
    })
    .sort((a, b) => b.gzip - a.gzip)
}

/** Installed before any page script: long tasks, buffered. */
function observeLongTasks() {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration })
  }).observe({ type: 'longtask', buffered: true })
}

async function measureOrders(context) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  const scripts = new Map()
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url)
  })
  const loaded = []
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) loaded.push({ url: scripts.get(event.requestId), bytes: event.encodedDataLength })
  })
  await page.addInitScript(observeLongTasks)
  await page.goto(`${baseUrl}/app/a/orders`)
  await page.locator('table tbody tr').first().waitFor({ timeout: 60_000 })
  const shownAt = await page.evaluate(() => performance.now())
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(500)
  const { longTasks, rows } = await page.evaluate(() => ({
    longTasks: window.__longTasks,
    rows: document.querySelectorAll('table tbody tr').length,
  }))
  await page.close()
  // Interactive once the rows are shown and the last long task that ran by then has ended.
  const lastTask = Math.max(0, ...longTasks.filter((task) => task.start <= shownAt).map((task) => task.end))
  return {
    shown: shownAt,
    interactive: Math.max(shownAt, lastTask),
    rows,
    jsBytes: loaded.reduce((a, b) => a + b.bytes, 0),
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const sizes = bundleSizes()
console.log('| admin script | kB | kB gzipped |')
console.log('|---|---|---|')
for (const { name, raw, gzip } of sizes)
  console.log(`| ${name} | ${(raw / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} |`)
console.log('')

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', baseURL: baseUrl })
const { email, password } = login()
const signedIn = await context.request.post(`${baseUrl}/admin/auth`, { data: { email, password } })
if (!signedIn.ok()) throw new Error(`log in as ${email}: ${signedIn.status()} ${await signedIn.text()}`)
const count = await context.request.get(`${baseUrl}/admin/orders?limit=1&fields=id`).then((res) => res.json())

const results = []
for (let run = 0; run < runs; run += 1) results.push(await measureOrders(context))
const pick = (key) => median(results.map((result) => result[key]))
console.log(`| orders list (${count.count} orders), cold load, median of ${runs} | ms |`)
console.log('|---|---|')
console.log(`| first page of orders shown | ${pick('shown').toFixed(0)} |`)
console.log(`| interactive (shown, no long task running) | ${pick('interactive').toFixed(0)} |`)
console.log(`| rows shown | ${pick('rows')} |`)
console.log(`| JavaScript transferred, kB | ${(pick('jsBytes') / 1024).toFixed(1)} |`)
await browser.close()
