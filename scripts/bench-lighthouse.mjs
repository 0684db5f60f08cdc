// Lighthouse, mobile defaults (a mid-range phone on a slow 4G link, simulated), against the built
// server: the landing, sign-in, sign-up and contact pages as a first-time visitor, the dashboard and the family tree
// (500 members) signed in. Prints performance and accessibility with FCP, LCP, TBT and CLS, the
// median of BENCH_LIGHTHOUSE_RUNS runs (3) per page, and the landing's initial JavaScript; exits 1
// when a goal is missed. Chromium from CHROME_PATH (/usr/bin/chromium); the server on BENCH_PORT
// (3193), with a fresh database.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { startServer } from './bench-lib.mjs'
import { buildIfNeeded, root } from './build-if-needed.mjs'

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const port = Number(process.env.BENCH_PORT ?? 3193)
const base = `http://127.0.0.1:${port}`
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// As playwright.config.ts: no sandbox (containers), no GPU, nothing in the background.
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
const allGoals = { '/': 95, '/login': 95, '/signup': 95, '/contact': 95, '/dashboard': 90, '/family-tree': 90 }
// BENCH_LIGHTHOUSE_PAGES=/family-tree,/dashboard audits only those pages (while working on one).
const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',')
const goals = Object.fromEntries(Object.entries(allGoals).filter(([pathname]) => !only || only.includes(pathname)))
const accessibilityGoal = 100
const landingScriptBudget = 150 * 1024

/** Someone with a family tree of `members` people, four generations deep; returns the cookie. */
async function seedFamily(members) {
  const json = { 'content-type': 'application/json', origin: base }
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    // No name: a named sign-up makes the person's own card, and the tree below is built whole.
    body: JSON.stringify({ email: 'faro@example.com', password: 'una-clave-del-faro' }),
  })
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`)
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const ids = []
  for (let n = 0; n < members; n += 1) {
    // Each new person is a child of one or two earlier ones: a tree, not 500 strangers.
    const parents = n === 0 ? [] : [ids[Math.floor((n - 1) / 2)], ...(n > 2 ? [ids[Math.floor((n - 1) / 2) - 1]] : [])].filter(Boolean)
    const body = { firstName: `Persona ${n}`, lastName: 'Díaz', ...(n === 0 ? { isSelf: true } : { relationshipToOwner: 'Familia', parentMemberIds: [...new Set(parents)] }) }
    const response = await fetch(`${base}/api/family-tree/members`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`adding member ${n} answered ${response.status}: ${await response.text()}`)
    ids.push((await response.json()).id)
  }
  return cookie
}

/** gzip size of the scripts a page loaded, read from the build (what a budget is stated in). */
function scriptBytes(lhr) {
  const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(base))
  return scripts.reduce((sum, item) => sum + gzipSync(readFileSync(path.join(root, 'dist/web', new URL(item.url).pathname)), { level: 9 }).length, 0)
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * One run, from a cold cache. The session cookie goes into the browser's own cookie jar:
 * Lighthouse's `extraHeaders` reach the page's request but not the app's fetch of /api/me, so the
 * signed-in pages would measure the sign-in page. A trace Chromium failed to record (NO_NAVSTART,
 * now and then) is run again.
 */
async function lighthouseRun(browser, pathname, cookie, attempt = 1) {
  const page = await browser.newPage()
  const cdp = await page.createCDPSession()
  await cdp.send('Network.clearBrowserCache')
  await cdp.send('Network.clearBrowserCookies')
  for (const pair of cookie?.split('; ') ?? []) {
    const [name, ...value] = pair.split('=')
    await cdp.send('Network.setCookie', { name, value: value.join('='), url: base, httpOnly: true, sameSite: 'Lax' })
  }
  const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }
  const { lhr } = await lighthouse(`${base}${pathname}`, flags, undefined, page)
  await page.close()
  if (!lhr.runtimeError) return lhr
  if (attempt < 3) return lighthouseRun(browser, pathname, cookie, attempt + 1)
  throw new Error(`${pathname}: ${lhr.runtimeError.message}`)
}

async function audit(browser, pathname, cookie) {
  const results = []
  for (let run = 0; run < runs; run += 1) {
    results.push(await lighthouseRun(browser, pathname, cookie))
  }
  const byPerformance = [...results].sort((a, b) => a.categories.performance.score - b.categories.performance.score)
  const lhr = byPerformance[Math.floor(results.length / 2)]
  const metric = (id) => lhr.audits[id].numericValue
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(median(results.map((r) => r.categories.accessibility.score)) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    scripts: scriptBytes(lhr),
    lhr,
  }
}

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-lighthouse-'))
const server = await startServer(port, { NODE_ENV: 'production', DATA_DIR: dataDir })
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
let failed = false
try {
  // The family is only needed by the signed-in pages; auditing public pages alone skips it.
  const signedInPages = new Set(['/dashboard', '/family-tree'])
  const cookie = Object.keys(goals).some((pathname) => signedInPages.has(pathname)) ? await seedFamily(500) : undefined
  console.log(`Lighthouse ${runs}× per page, mobile defaults (median by performance)`)
  console.log('page            perf  a11y      FCP      LCP      TBT     CLS   JS (gzip)')
  for (const [pathname, goal] of Object.entries(goals)) {
    const result = await audit(browser, pathname, signedInPages.has(pathname) ? cookie : undefined)
    const misses = [result.performance < goal && `performance < ${goal}`, result.accessibility < accessibilityGoal && `accessibility < ${accessibilityGoal}`]
    if (pathname === '/' && result.scripts > landingScriptBudget) misses.push(`initial JS > ${landingScriptBudget / 1024} KiB`)
    const missed = misses.filter(Boolean)
    if (missed.length) failed = true
    console.log(
      `${pathname.padEnd(14)} ${String(result.performance).padStart(5)} ${String(result.accessibility).padStart(5)} ${`${(result.fcp / 1000).toFixed(2)} s`.padStart(8)} ${`${(result.lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(result.tbt)} ms`.padStart(8)} ${result.cls.toFixed(3).padStart(7)} ${`${(result.scripts / 1024).toFixed(1)} KiB`.padStart(11)}${missed.length ? `   MISSED: ${missed.join(', ')}` : ''}`,
    )
    if (process.env.BENCH_LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.BENCH_LIGHTHOUSE_REPORTS, { recursive: true })
      writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_REPORTS, `${pathname.replace(/\W/g, '') || 'landing'}.json`), JSON.stringify(result.lhr))
    }
  }
} finally {
  await browser.disconnect()
  chrome.kill()
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
if (failed) {
  console.log('A Lighthouse goal was missed.')
  process.exitCode = 1
}
