/* global window -- these run in the page, through page.evaluate */
// The AI lab's Constellations with a sky of 500 stars: figures, not pass/fail. Run with
// `node --import tsx scripts/bench-constellations.mjs`. Imports a tree of 150 people born in 150 places and
// writes 300 dreams that name them and 200 years, so that each recurs (150 people, 150 places and
// 200 years: the 500 stars a sky shows at most); then opens the tab in Debian's Chromium and
// reports the time to draw (from opening the tab until every star is painted, laid out and
// settled) and the longest main-thread task meanwhile (Long Tasks API; goal: none over 50 ms).
// Then the server alone with a tree of BENCH_CONSTELLATIONS_TREE (100,000; 0 skips it) generated
// people and a few dreams that name some of them: the constellation's time, and the slowest
// answer of /api/health asked every 10 ms meanwhile (goal: none over 100 ms, the server is not held).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { base, importGedcom, signUp, startServer, stopServer } from './bench-gedcom-api.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'
import { generateTree, generatedGedcomText } from '../src/server/lib/gedcom/test/generate-tree.ts'

const people = 150
const years = 200
const dreams = 300
const largeTree = Number(process.env.BENCH_CONSTELLATIONS_TREE ?? 100_000)

/** A large tree's constellation, timed three times, with /api/health asked every 10 ms meanwhile. */
async function largeTreeSky() {
  const cookie = await signUp('estrellas-grandes')
  const imported = performance.now()
  await importGedcom(cookie, generatedGedcomText(generateTree(largeTree)))
  const importSeconds = (performance.now() - imported) / 1000
  const { people: index } = await (await fetch(`${base}/api/family-tree/index`, { headers: { cookie } })).json()
  // Four people, each named in two dreams with a year: a few stars among 100,000 names.
  for (let i = 0; i < 8; i++) {
    const [, first, last] = index[Math.floor((i % 4) * (index.length / 4))]
    const response = await fetch(`${base}/api/dreams`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `Soñé con ${first} ${last} en ${1950 + (i % 4)}.` }),
    })
    if (response.status !== 201) throw new Error(`a dream answered ${response.status}`)
  }
  let asking = true
  const waits = []
  const health = (async () => {
    while (asking) {
      const started = performance.now()
      await (await fetch(`${base}/api/health`)).arrayBuffer()
      waits.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  const times = []
  let stars = 0
  for (let round = 0; round < 3; round++) {
    const started = performance.now()
    stars = (await (await fetch(`${base}/api/ai-lab/constellations`, { headers: { cookie } })).json()).stars.length
    times.push(performance.now() - started)
  }
  asking = false
  await health
  const slowest = Math.max(...waits)
  console.log(`Constellations of a tree of ${largeTree.toLocaleString('en')} people (imported in ${importSeconds.toFixed(1)} s) and 8 dreams, on the server:`)
  console.log(`  GET /api/ai-lab/constellations: ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}; ${stars} stars`)
  console.log(`  slowest /api/health meanwhile: ${slowest.toFixed(0)} ms of ${waits.length} (goal: none over 100 ms)${slowest > 100 ? '  ← over' : ''}`)
}

/** A word of letters only for `n` («ba», «ca»…): names and places in texts are words, not numbers. */
const letters = (n) => {
  let word = ''
  do {
    word = 'abcdefghijklmnopqrstuvwxyz'[n % 26] + word
    n = Math.floor(n / 26)
  } while (n > 0)
  return word
}
const firstName = (i) => `Ana${letters(i + 26)}`
const lastName = (i) => `Ruiz${letters(i + 26)}`
const place = (i) => `Villa${letters(i + 26)}`

function gedcom() {
  const lines = ['0 HEAD', '1 CHAR UTF-8', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED']
  for (let i = 0; i < people; i++) {
    lines.push(`0 @I${i}@ INDI`, `1 NAME ${firstName(i)} /${lastName(i)}/`, '1 BIRT', '2 DATE 1850', `2 PLAC ${place(i)}, Nariño, Colombia`, '1 DEAT Y')
  }
  lines.push('0 TRLR')
  return lines.join('\n') + '\n'
}

/** Dream `i` names two people, two places and two years, so that every one of them comes back. */
function dream(i) {
  const [a, b] = [i % people, (i + 7) % people]
  const [p, q] = [i % people, (i * 3 + 1) % people]
  const [y, z] = [1700 + (i % years), 1700 + ((i * 7 + 3) % years)]
  return `Soñé con ${firstName(a)} ${lastName(a)} y ${firstName(b)} ${lastName(b)} en ${place(p)}, camino de ${place(q)}, en ${y} o quizá en ${z}.`
}

buildIfNeeded()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-constellations-'))
const server = await startServer({ DATA_DIR: dataDir })
try {
  const cookie = await signUp('estrellas')
  const body = new FormData()
  body.append('file', new Blob([gedcom()]), 'tree.ged')
  let { job } = await (await fetch(`${base}/api/family-tree/gedcom`, { method: 'POST', headers: { origin: base, cookie }, body })).json()
  while (job.status !== 'done' && job.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 200))
    job = (await (await fetch(`${base}/api/family-tree/gedcom/imports/${job.id}`, { headers: { cookie } })).json()).job
  }
  for (let i = 0; i < dreams; i++) {
    const response = await fetch(`${base}/api/dreams`, {
      method: 'POST',
      headers: { origin: base, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: dream(i) }),
    })
    if (response.status !== 201) throw new Error(`a dream answered ${response.status}`)
  }
  const asked = performance.now()
  const sky = await (await fetch(`${base}/api/ai-lab/constellations`, { headers: { cookie } })).json()
  const serverMs = performance.now() - asked
  console.log(`Constellations of ${people} people (import ${job.status}) and ${dreams} dreams, Chromium 1280×900:`)
  console.log(
    `  GET /api/ai-lab/constellations: ${serverMs.toFixed(0)} ms, ${sky.stars.length} stars, ${sky.links.length} lines, ${(JSON.stringify(sky).length / 1024).toFixed(0)} KiB of JSON`,
  )

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' })
    const [name, value] = cookie.split(';')[0].split('=')
    await context.addCookies([{ name, value, url: base }])
    await context.addInitScript(() => {
      window.__tasks = []
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__tasks.push({ start: entry.startTime, duration: entry.duration })
      }).observe({ type: 'longtask', buffered: true })
    })
    const page = await context.newPage()
    // The lab opens on another tab: the app is loaded and idle before Constellations is chosen.
    await page.goto(`${base}/ai-lab`)
    await page.getByRole('tab', { name: 'Constelaciones' }).waitFor()
    await page.waitForTimeout(1000)
    const loading = await page.evaluate(() => Math.max(0, ...window.__tasks.map((task) => task.duration)))
    const from = await page.evaluate(() => performance.now())
    await page.getByRole('tab', { name: 'Constelaciones' }).click()
    await page
      .locator('.sky .sky-star')
      .nth(sky.stars.length - 1)
      .waitFor({ timeout: 120_000 })
    // Until the frame with every star has been painted.
    const drawn = await page.evaluate(() => new Promise((resolve) => window.requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))))
    const stars = await page.locator('.sky .sky-star').count()
    const tasks = await page.evaluate((since) => window.__tasks.filter((task) => task.start >= since), from)
    const longest = Math.max(0, ...tasks.map((task) => task.duration))
    console.log(`  ${stars} stars drawn ${(drawn - from).toFixed(0)} ms after the tab was chosen (data, layout in slices, paint)`)
    console.log(
      `  longest main-thread task meanwhile ${longest.toFixed(0)} ms (${tasks.filter((task) => task.duration > 50).length} over 50 ms; goal: none); while the app first loaded ${loading.toFixed(0)} ms`,
    )
    // Moving between stars by keyboard, as a person does once it is drawn.
    await page.evaluate(() => (window.__tasks = []))
    await page.locator('.sky .sky-star[tabindex="0"]').focus()
    const movedFrom = await page.evaluate(() => performance.now())
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp', 'Enter']) await page.keyboard.press(key)
    await page.locator('.chosen-star').waitFor()
    const moved = await page.evaluate(() => performance.now())
    const movingLongest = await page.evaluate(() => Math.max(0, ...window.__tasks.map((task) => task.duration)))
    console.log(`  four arrows and Enter answered in ${(moved - movedFrom).toFixed(0)} ms, longest task meanwhile ${movingLongest.toFixed(0)} ms`)
  } finally {
    await browser.close()
  }
  if (largeTree > 0) await largeTreeSky()
} finally {
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
}
