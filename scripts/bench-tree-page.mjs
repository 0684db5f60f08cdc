/* global window, document, requestAnimationFrame, MutationObserver -- these run in the page, through page.evaluate */
// The family-tree page with a big imported tree: figures against the page's goals. Run with
// `node --import tsx scripts/bench-tree-page.mjs` (BENCH_TREE_PEOPLE=100000 by default; the
// server on BENCH_GEDCOM_PORT, 3509). Imports a generated tree through the API into the built
// server, then opens /family-tree in Debian's Chromium (1280×900) and prints: the time until the
// first person is in the page (a box of the chart or a card of the list, whichever comes first,
// timed in the page from the navigation's start) and the bytes transferred before it; the longest main-thread task (Long Tasks API) while the page loads
// (until the chart, the list and everyone's names are in), while the list is scrolled until it has
// grown by a page, while the chart is re-centred on someone else, and while an edit is saved; and
// how long the save's answer took. The page must never ask for GET /api/family-tree.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { generateTree, generatedGedcomText } from '../src/server/lib/gedcom/test/generate-tree.ts'
import { importGedcom, signUp, startServer, stopServer } from './bench-gedcom-api.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const size = Number(process.env.BENCH_TREE_PEOPLE ?? 100_000)
const goals = { firstCardMs: 1500, bytesBeforeFirstCard: 2 ** 20, longestTaskMs: 100, saveAnswerMs: 150 }
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`
const verdict = (value, goal) => (value <= goal ? 'ok' : `MISSED (goal ${goal})`)

/** Runs `step` and returns how long it took and the longest main-thread task meanwhile. */
async function measure(page, step) {
  await page.evaluate(() => (window.__longest = 0))
  const started = performance.now()
  await step()
  // A task that is still running when the step ends is counted once it has.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
  return { ms: performance.now() - started, longest: await page.evaluate(() => window.__longest) }
}

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-tree-page-'))
const server = await startServer({ DATA_DIR: dataDir })
let missed = false
try {
  const cookie = await signUp('arbol')
  const importStarted = performance.now()
  await importGedcom(cookie, generatedGedcomText(generateTree(size)))
  console.log(`Tree page with ${size.toLocaleString('en')} imported people (imported in ${((performance.now() - importStarted) / 1000).toFixed(0)} s), Chromium 1280×900:`)

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const { base } = await import('./bench-gedcom-api.mjs')
    const [name, value] = cookie.split(';')[0].split('=')
    await context.addCookies([{ name, value, url: base }])
    await context.addInitScript(() => {
      window.__longest = 0
      // Each long task's time past 50 ms, summed: the page's blocking time as Lighthouse counts it.
      window.__blocking = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          window.__longest = Math.max(window.__longest, entry.duration)
          window.__blocking += entry.duration - 50
        }
      }).observe({ type: 'longtask', buffered: true })
      // When the first person is in the page, from the navigation's start: Playwright's wait polls, up
      // to half a second apart, so the moment it returns can be that much later than the card.
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('.family-chart-person, .member-card h3')) return
        window.__firstPersonAt = performance.now()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    const page = await context.newPage()
    // Bytes as they arrive (compressed, headers included), from the browser's own network log.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    // BENCH_TREE_CPU_SLOWDOWN=4: the CPU slowed as Lighthouse's mobile run slows it, for finding its long tasks.
    if (process.env.BENCH_TREE_CPU_SLOWDOWN) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_TREE_CPU_SLOWDOWN) })
    const received = new Map()
    cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => received.set(requestId, (received.get(requestId) ?? 0) + encodedDataLength))
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => received.set(requestId, encodedDataLength))
    // The index is read by the page's worker (ADR 0060): its end and size from Playwright, which
    // reports a worker's requests with its page's, where the page's resource timings do not.
    const indexRead = { ends: [] }
    page.on('requestfinished', async (request) => {
      if (!request.url().includes('/api/family-tree/index')) return
      const sizes = await request.sizes().catch(() => undefined)
      indexRead.ends.push(`${(performance.now() - started).toFixed(0)} ms (${kib(sizes?.responseBodySize ?? 0)} body)`)
    })
    const wholeTreeReads = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/family-tree') wholeTreeReads.push(request.url())
    })

    // BENCH_TREE_PROFILE=<file>: the page's CPU profile while it loads, for finding a long task.
    const profileFile = process.env.BENCH_TREE_PROFILE
    if (profileFile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    // BENCH_TREE_TRACE=<file>: the browser's performance trace while the page loads (style, layout,
    // paint and script by task), which a CPU profile shows only as "(program)".
    const traceFile = process.env.BENCH_TREE_TRACE
    if (traceFile) await browser.startTracing(page, { path: traceFile, screenshots: false })
    const started = performance.now()
    await page.goto(`${base}/family-tree`)
    await page.locator('.family-chart-person, .member-card h3').first().waitFor({ timeout: 120_000 })
    const seen = performance.now() - started
    const firstCard = (await page.evaluate(() => window.__firstPersonAt)) ?? seen
    const bytesBefore = [...received.values()].reduce((sum, bytes) => sum + bytes, 0)
    // Loaded: the chart drawn, the list's first cards shown, everyone's names in (the add button ready).
    await page.locator('.member-list .member-card h3').first().waitFor({ timeout: 120_000 })
    await page.locator('.family-chart-toolbar').waitFor({ timeout: 120_000 })
    await page.locator('.family-tree-toolbar .button-primary[aria-disabled="false"]').waitFor({ timeout: 120_000 })
    await page.waitForLoadState('networkidle')
    const loaded = performance.now() - started
    if (profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile))
    if (traceFile) await browser.stopTracing()
    const [loading, blocking] = await page.evaluate(() => [window.__longest, window.__blocking])
    console.log(
      `  first person shown in ${firstCard.toFixed(0)} ms (${verdict(firstCard, goals.firstCardMs)}; the bench's wait saw it at ${seen.toFixed(0)} ms), ${kib(bytesBefore)} transferred before it (${verdict(bytesBefore, goals.bytesBeforeFirstCard)})`,
    )
    console.log(
      `  loaded (chart, list, index) in ${loaded.toFixed(0)} ms, longest task meanwhile ${loading.toFixed(0)} ms (${verdict(loading, goals.longestTaskMs)}), blocking ${blocking.toFixed(0)} ms in all`,
    )
    // When each of the page's reads ended, from the navigation's start: what the first person waited for.
    // BENCH_TREE_SCRIPTS=1: the scripts' and styles' ends too, for what the first person waits for.
    const readsEnded = await page.evaluate(
      (everything) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/') || everything)
          .map((entry) => `${new URL(entry.name).pathname} ${entry.responseEnd.toFixed(0)} ms (${(entry.transferSize / 1024).toFixed(0)} KiB)`),
      Boolean(process.env.BENCH_TREE_SCRIPTS),
    )
    console.log(`  reads ended: ${readsEnded.join(', ')}; the index, by the worker: ${indexRead.ends.join(', ') || 'not seen'}`)
    missed ||= firstCard > goals.firstCardMs || bytesBefore > goals.bytesBeforeFirstCard || loading > goals.longestTaskMs

    // Scrolled to the list's end until it has grown by a page (read and drawn).
    const shownBefore = await page.locator('.member-list > li').count()
    const scroll = await measure(page, async () => {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
        if ((await page.locator('.member-list > li').count()) >= shownBefore + 100) break
        await page.waitForTimeout(50)
      }
    })
    const shownAfter = await page.locator('.member-list > li').count()
    console.log(
      `  list grew from ${shownBefore} to ${shownAfter} cards by scrolling in ${scroll.ms.toFixed(0)} ms, longest task meanwhile ${scroll.longest.toFixed(0)} ms (${verdict(scroll.longest, goals.longestTaskMs)})`,
    )
    missed ||= scroll.longest > goals.longestTaskMs || shownAfter < shownBefore + 100

    // Re-centred: a person of the chart opened, and «Centrar aquí» asks the view around them.
    await page.evaluate(() => window.scrollTo(0, 0))
    const other = page.locator('.family-chart-person:not(.family-chart-person-centre)').first()
    const otherId = await other.getAttribute('data-member-id')
    const recentre = await measure(page, async () => {
      await other.click()
      await page.locator('.member-opened .member-opened-actions .button-primary').first().click()
      await page.locator(`.family-chart-person-centre[data-member-id="${otherId}"]`).waitFor({ timeout: 60_000 })
    })
    console.log(`  re-centred in ${recentre.ms.toFixed(0)} ms, longest task meanwhile ${recentre.longest.toFixed(0)} ms (${verdict(recentre.longest, goals.longestTaskMs)})`)
    missed ||= recentre.longest > goals.longestTaskMs

    // An edit of the opened card saved: the page updates from the answer.
    await page.locator('.member-opened .member-actions button.button:not(.button-danger):not(.button-primary)').last().click()
    const form = page.locator('.member-opened .member-card-editing form')
    await form.waitFor({ timeout: 60_000 })
    await form.locator('input[name="bioSummary"], textarea[name="bioSummary"]').fill(`Editado a las ${new Date().toISOString()}`)
    let answerMs = NaN
    // BENCH_TREE_SAVE_PROFILE=<file>: the page's CPU profile while the edit is saved.
    const saveProfileFile = process.env.BENCH_TREE_SAVE_PROFILE
    if (saveProfileFile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    const save = await measure(page, async () => {
      const answered = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/api/family-tree/members/'))
      await form.locator('button[type=submit]').click()
      const response = await answered
      await response.finished()
      const timing = response.request().timing()
      answerMs = timing.responseEnd - timing.requestStart
      await page.locator('.member-opened .member-card-editing').waitFor({ state: 'detached', timeout: 60_000 })
    })
    if (saveProfileFile) writeFileSync(saveProfileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile))
    console.log(
      `  edit saved in ${save.ms.toFixed(0)} ms, the answer in ${answerMs.toFixed(0)} ms (${verdict(answerMs, goals.saveAnswerMs)}), longest task meanwhile ${save.longest.toFixed(0)} ms (${verdict(save.longest, goals.longestTaskMs)})`,
    )
    missed ||= answerMs > goals.saveAnswerMs || save.longest > goals.longestTaskMs

    console.log(`  GET /api/family-tree asked ${wholeTreeReads.length} times (goal 0)`)
    missed ||= wholeTreeReads.length > 0
  } finally {
    await browser.close()
  }
} finally {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
}
if (missed) console.log('  a goal was missed')
