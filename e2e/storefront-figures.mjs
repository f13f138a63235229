// Lighthouse-style figures of the storefront's product page, measured in the system Chromium:
// first contentful paint, largest contentful paint, total blocking time and JavaScript bytes.
//
//   npm start                                   # in another terminal: the shop on :9000
//   node e2e/storefront-figures.mjs [baseUrl] [path] [runs]
//
// Each run is a cold load (new context, empty cache). Two profiles: the machine as it is, and
// Lighthouse's mobile CPU (4x slowdown). Medians are printed as a Markdown table.
/* global window */
import { chromium } from 'playwright-core'

const baseUrl = process.argv[2] ?? 'http://localhost:9000'
const path = process.argv[3] ?? '/products/classic-t-shirt'
const runs = Number(process.argv[4] ?? 5)

/** Installed before any page script: paints, the largest paint and long tasks, buffered. */
function observePage() {
  const figures = { fcp: 0, lcp: 0, longTasks: [] }
  window.__figures = figures
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') figures.fcp = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
}

async function measure(browser, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
  const scripts = new Set()
  let jsBytes = 0
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId)
  })
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength
  })
  await page.addInitScript(observePage)
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
  // Quiet for a moment after the network, so the last long tasks and the final LCP are in.
  await page.waitForTimeout(1000)
  const figures = await page.evaluate(() => ({
    ...window.__figures,
    ttfb: performance.getEntriesByType('navigation')[0].responseStart,
  }))
  await context.close()
  // Total blocking time as Lighthouse counts it: each long task's time beyond 50 ms, after FCP.
  const tbt = figures.longTasks
    .filter((task) => task.start + task.duration > figures.fcp)
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)
  return { ttfb: figures.ttfb, fcp: figures.fcp, lcp: figures.lcp, tbt, jsBytes }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

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
console.log(
  `| profile | TTFB ms | FCP ms | LCP ms | TBT ms | JS kB transferred |  (${baseUrl}${path}, median of ${runs})`,
)
console.log('|---|---|---|---|---|---|')
for (const [name, slowdown] of [
  ['desktop, no throttling', 1],
  ['4x CPU slowdown', 4],
]) {
  const results = []
  for (let run = 0; run < runs; run += 1) results.push(await measure(browser, slowdown))
  const pick = (key) => median(results.map((result) => result[key]))
  console.log(
    `| ${name} | ${pick('ttfb').toFixed(0)} | ${pick('fcp').toFixed(0)} | ${pick('lcp').toFixed(0)} | ${pick('tbt').toFixed(0)} | ${(pick('jsBytes') / 1024).toFixed(1)} |`,
  )
}
await browser.close()
