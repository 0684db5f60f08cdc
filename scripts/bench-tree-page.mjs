/* global window, document, requestAnimationFrame -- these run in the page, through page.evaluate */
// The family-tree page with a big imported tree: figures, not pass/fail. Run with
// `node --import tsx scripts/bench-tree-page.mjs` (BENCH_TREE_PEOPLE=10000 by default).
// Imports a generated tree through the API into the built server, then opens /family-tree in
// Debian's Chromium and reports how long until the first person's card shows, the longest
// main-thread task while it loads (Long Tasks API), the longest while scrolling to the end, while
// the chart draws, while the add and edit forms open, and while an edit is saved.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { generateTree, generatedGedcomLines } from '../src/server/lib/gedcom/test/generate-tree.ts'
import { base, signUp, startServer, stopServer } from './bench-gedcom-api.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const size = Number(process.env.BENCH_TREE_PEOPLE ?? 10000)

/** Times `step` from now and reports the longest main-thread task meanwhile. */
async function measure(page, label, step) {
  await page.evaluate(() => (window.__longest = 0))
  const started = performance.now()
  await step()
  const took = performance.now() - started
  console.log(`  ${label} in ${took.toFixed(0)} ms, longest task meanwhile ${(await page.evaluate(() => window.__longest)).toFixed(0)} ms`)
}

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-tree-page-'))
const server = await startServer({ DATA_DIR: dataDir })
try {
  const cookie = await signUp('arbol')
  const body = new FormData()
  body.append('file', new Blob([[...generatedGedcomLines(generateTree(size))].join('\n') + '\n']), 'tree.ged')
  let { job } = await (await fetch(`${base}/api/family-tree/gedcom`, { method: 'POST', headers: { origin: base, cookie }, body })).json()
  while (job.status !== 'done' && job.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 200))
    job = (await (await fetch(`${base}/api/family-tree/gedcom/imports/${job.id}`, { headers: { cookie } })).json()).job
  }
  console.log(`Tree page with ${size.toLocaleString('en')} imported people (${job.status}), Chromium 1280×900:`)
  const readStarted = performance.now()
  const tree = await (await fetch(`${base}/api/family-tree`, { headers: { cookie } })).text()
  console.log(`  GET /api/family-tree alone: ${(performance.now() - readStarted).toFixed(0)} ms, ${(tree.length / 2 ** 20).toFixed(1)} MiB of JSON`)

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const [name, value] = cookie.split(';')[0].split('=')
    await context.addCookies([{ name, value, url: base }])
    await context.addInitScript(() => {
      window.__longest = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    const page = await context.newPage()
    const started = performance.now()
    await page.goto(`${base}/family-tree`)
    await page.locator('.member-card h3').first().waitFor({ timeout: 120_000 })
    const firstCard = performance.now() - started
    const loading = await page.evaluate(() => window.__longest)
    await page.evaluate(() => (window.__longest = 0))
    const scrollStarted = performance.now()
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 4000) {
        window.scrollTo(0, y)
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
    })
    const scrolled = performance.now() - scrollStarted
    const scrolling = await page.evaluate(() => window.__longest)
    console.log(`  first card ${firstCard.toFixed(0)} ms, longest task while loading ${loading.toFixed(0)} ms`)
    console.log(`  scrolled to the end in ${scrolled.toFixed(0)} ms, longest task meanwhile ${scrolling.toFixed(0)} ms`)
    await page.evaluate(() => window.scrollTo(0, 0))
    await measure(page, 'chart drawn', () => page.locator('.family-chart-toolbar').waitFor({ timeout: 120_000 }))
    // What a person does next: add someone (the form lists everyone as a possible relative), then
    // edit the first card. Each is timed from the click until the form shows.
    await measure(page, 'add form open', async () => {
      await page.locator('.family-tree-toolbar .button-primary').click()
      await page.locator('form').first().waitFor({ timeout: 60_000 })
    })
    await page.locator('.family-tree-toolbar .button-primary').click()
    await measure(page, 'edit form open', async () => {
      await page.locator('.member-card .member-actions button.button:not(.button-danger):not(.button-primary)').last().click()
      await page.locator('.member-card-editing form').first().waitFor({ timeout: 60_000 })
    })
    // Saving sends the member and reads the tree again (a change to one changes its relatives).
    await measure(page, 'edit saved', async () => {
      await page.locator('.member-card-editing form button[type=submit]').click()
      await page.locator('.member-card-editing').waitFor({ state: 'detached', timeout: 60_000 })
    })
  } finally {
    await browser.close()
  }
} finally {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
}
