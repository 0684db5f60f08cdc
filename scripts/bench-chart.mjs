// Family chart benchmark: figures, not pass/fail. Run with `node --import tsx scripts/bench-chart.mjs`.
// 1. In Node: time to index a generated 3,000-person tree and to lay out charts around three people.
// 2. In Chromium (when /usr/bin/chromium or CHROME_PATH exists; BENCH_BROWSER=0 skips it): the real
//    component renders the same tree in a page built by Vite (in node_modules/.cache, removed
//    afterwards), grows it to every generation, re-centres, zooms out and drags; for each step the
//    page reports the longest main-thread task (Long Tasks API), the longest gap between frames
//    and where the slowest frame went. The issue's budget: no task over 200 ms.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildFamilyIndex } from '../src/web/features/family-tree/chart/family-index.ts'
import { layoutFamilyChart } from '../src/web/features/family-tree/chart/layout.ts'
import { generateFamilyTree } from '../src/web/features/family-tree/chart/test/family-builders.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const size = Number(process.env.BENCH_PEOPLE ?? 3000)
// How long the browser step may take before the bench gives up on it.
const waitSeconds = Number(process.env.BENCH_CHART_WAIT ?? 120)

/** Median and worst of `runs` timings of `work`, after a few warm-up runs. */
function time(work, runs = 30) {
  for (let i = 0; i < 5; i += 1) work()
  const samples = []
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now()
    work()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return `median ${samples[Math.floor(runs / 2)].toFixed(2)} ms, worst ${samples.at(-1).toFixed(2)} ms`
}

const members = generateFamilyTree(size)
const generationOf = (member) => Number(member.lastName.replace('Linaje', ''))
const deepest = Math.max(...members.map(generationOf))
const index = buildFamilyIndex(members)
const middle = members.find((m) => generationOf(m) === Math.floor(deepest / 2) && m.parentMemberIds.length === 2 && m.childrenMemberIds.some((id) => index.parentFamilies.has(id)))
console.log(`Family chart layout, ${members.length} people in ${deepest + 1} generations, ${index.families.size} families (Node ${process.version}):`)
console.log(`  index the tree                         ${time(() => buildFamilyIndex(members))}`)
for (const [who, centre] of [
  ['a founder', members[0]],
  ['a middle generation', middle],
  ['the last generation', members.at(-1)],
]) {
  for (const generations of [3, Infinity]) {
    const layout = layoutFamilyChart(index, centre.memberId, { ancestorGenerations: generations, descendantGenerations: generations })
    const label = `${who}, ${generations === Infinity ? 'all' : generations} generations (${layout.nodes.length} people)`
    console.log(`  ${label.padEnd(38)} ${time(() => layoutFamilyChart(index, centre.memberId, { ancestorGenerations: generations, descendantGenerations: generations }))}`)
  }
}

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (process.env.BENCH_BROWSER !== '0' && existsSync(chromium)) await browserBench()

async function browserBench() {
  const { build } = await import('vite')
  const { default: react } = await import('@vitejs/plugin-react')
  // Inside node_modules so the page resolves react and i18next from the project; one folder per
  // run, as worktrees may share one node_modules.
  const workDir = path.join(root, `node_modules/.cache/bench-chart-${process.pid}`)
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  const from = (file) => JSON.stringify(path.join(root, file))
  writeFileSync(
    path.join(workDir, 'index.html'),
    '<!doctype html><html lang="es"><body><main id="root" class="page"></main><script type="module" src="./page.tsx"></script></body></html>',
  )
  writeFileSync(
    path.join(workDir, 'page.tsx'),
    `import i18n from 'i18next'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import catalogue from ${from('src/web/locales/es/family-chart.json')}
import ${from('src/web/styles/tokens.css')}
import ${from('src/web/styles/base.css')}
import { FamilyChartSection } from ${from('src/web/features/family-tree/chart/family-chart-section.tsx')}
import { generateFamilyTree } from ${from('src/web/features/family-tree/chart/test/family-builders.ts')}

const tasks: { start: number; duration: number }[] = []
new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration }) }).observe({ type: 'longtask', buffered: true })
// Long animation frames say where a slow frame went: script, or the browser's style and layout.
const slowFrames: { start: number; duration: number; script: number; styleAndLayout: number }[] = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as unknown as { startTime: number; duration: number; styleAndLayoutStart: number; scripts: { duration: number }[] }[]) {
    const end = entry.startTime + entry.duration
    slowFrames.push({ start: entry.startTime, duration: entry.duration, script: entry.scripts.reduce((sum, script) => sum + script.duration, 0), styleAndLayout: entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0 })
  }
}).observe({ type: 'long-animation-frame', buffered: true })
const frames: number[] = []
const frame = (now: number) => { frames.push(now); requestAnimationFrame(frame) }
const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms))
const people = () => document.querySelectorAll('[data-member-id]').length
const steps: { step: string; people: number; worstTask: number; worstFrameGap: number; slowest?: string }[] = []
async function step(name: string, work: () => unknown) {
  const start = performance.now()
  await work()
  await settle()
  const end = performance.now()
  const worstTask = Math.max(0, ...tasks.filter((task) => task.start >= start && task.start < end).map((task) => task.duration))
  const inStep = frames.filter((time) => time >= start && time < end)
  const worstFrameGap = Math.max(0, ...inStep.slice(1).map((time, position) => time - inStep[position]!))
  const slowest = slowFrames.filter((entry) => entry.start >= start && entry.start < end).sort((a, b) => b.duration - a.duration)[0]
  const breakdown = slowest && \`script \${Math.round(slowest.script)} ms, style and layout \${Math.round(slowest.styleAndLayout)} ms\`
  steps.push({ step: name, people: people(), worstTask: Math.round(worstTask), worstFrameGap: Math.round(worstFrameGap), slowest: breakdown })
  // Each step as it ends, so a run that stalls still says how far it got.
  await fetch('/progress', { method: 'POST', body: JSON.stringify(steps.at(-1)) })
}
const button = (text: string) => [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === text)!
async function showEveryGeneration() {
  while (button('Más generaciones').getAttribute('aria-disabled') !== 'true') await step('  one more generation', () => button('Más generaciones').click())
}

await i18n.use(initReactI18next).init({ lng: 'es', resources: { es: { 'family-chart': catalogue } }, react: { useSuspense: false } })
const members = generateFamilyTree(${size})
const generation = (member: { lastName: string }) => Number(member.lastName.replace('Linaje', ''))
const deepest = Math.max(...members.map(generation))
// The owner of the tree in its middle generations, as the chart starts from the owner.
const owner = members.find((member) => generation(member) === Math.floor(deepest / 2) && member.parentMemberIds.length === 2 && member.childrenMemberIds.length > 0)!
owner.isSelf = true
// The chart is lazy: by the time it renders, the app shell has warmed React up. Stand in for that.
createRoot(document.createElement('div')).render(createElement('nav', null, createElement('button', null, 'Legado')))
await settle()
requestAnimationFrame(frame)
/** Waits, a frame at a time, until the chart has drawn its people (a large tree takes a while). */
async function drawn() {
  while (people() === 0) await new Promise(requestAnimationFrame)
}
await step('first render, 3 generations', async () => {
  createRoot(document.getElementById('root')!).render(createElement(I18nextProvider, { i18n }, createElement(FamilyChartSection, { members })))
  await drawn()
})
await showEveryGeneration()
await step('search for a founder, centre on them', () => {
  const input = document.querySelector('input[list]') as HTMLInputElement
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, members[0]!.firstName + ' ' + members[0]!.lastName)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.form!.requestSubmit()
})
await showEveryGeneration()
for (let times = 0; times < 6; times += 1) await step('  zoom out', () => button('− Alejar').click())
const viewport = document.querySelector('.family-chart-viewport')!
const pointer = (type: string, x: number) => viewport.dispatchEvent(new PointerEvent(type, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: x, clientY: 400, bubbles: true }))
for (let times = 0; times < 4; times += 1) {
  await step('  drag the chart 900 px sideways', async () => {
    pointer('pointerdown', 1100)
    for (let x = 1100; x >= 200; x -= 30) { pointer('pointermove', x); await new Promise(requestAnimationFrame) }
    pointer('pointerup', 200)
  })
}
await fetch('/result', { method: 'POST', body: JSON.stringify({ steps }) })
`,
  )
  await build({ root: workDir, configFile: false, logLevel: 'error', plugins: [react()], build: { outDir: path.join(workDir, 'dist') } })

  let finish
  /** The steps reported so far, printed if the page never finishes. */
  const progress = []
  const result = new Promise((resolve) => (finish = resolve))
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        response.end()
        if (request.url === '/progress') {
          progress.push(JSON.parse(body))
          if (process.env.BENCH_CHART_PROGRESS) console.error(`  … ${progress.at(-1).step.trim()}: ${progress.at(-1).people} people, longest task ${progress.at(-1).worstTask} ms`)
        } else finish(JSON.parse(body))
      })
      return
    }
    const file = path.join(workDir, 'dist', request.url === '/' ? 'index.html' : request.url.split('?')[0])
    if (!file.startsWith(path.join(workDir, 'dist')) || !existsSync(file)) return void response.writeHead(404).end()
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html'
    response.writeHead(200, { 'content-type': type }).end(readFileSync(file))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const flags = [
    `--user-data-dir=${path.join(workDir, 'profile')}`,
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--window-size=1280,900',
  ]
  // A process group of its own, so that stopping it stops Chromium's helper processes too.
  const browser = spawn(chromium, [...flags, `http://127.0.0.1:${server.address().port}/`], { stdio: 'ignore', detached: true })
  const timeout = setTimeout(() => finish({ error: `no result within ${waitSeconds} s` }), waitSeconds * 1000)
  try {
    const figures = await result
    if (figures.error) {
      console.log(`\nChromium: ${figures.error}; the steps it finished:`)
      for (const { step, people, worstTask } of progress) console.log(`  ${step.padEnd(40)} ${String(people).padStart(12)} ${`${worstTask} ms`.padStart(13)}`)
      return
    }
    console.log(`\nChromium (${chromium}), the component with ${size} people in a 1280×900 window:`)
    console.log(`  ${'step'.padEnd(40)} ${'people drawn'.padStart(12)} ${'longest task'.padStart(13)} ${'longest frame gap'.padStart(18)}`)
    for (const { step, people, worstTask, worstFrameGap, slowest } of figures.steps) {
      const where = slowest ? `   slowest frame: ${slowest}` : ''
      console.log(`  ${step.padEnd(40)} ${String(people).padStart(12)} ${`${worstTask} ms`.padStart(13)} ${`${worstFrameGap} ms`.padStart(18)}${where}`)
    }
    const worst = Math.max(...figures.steps.map((entry) => entry.worstTask))
    console.log(`  longest main-thread task overall: ${worst} ms (Long Tasks API; 0 means none over 50 ms)`)
  } finally {
    clearTimeout(timeout)
    const exited = new Promise((resolve) => browser.once('exit', resolve))
    process.kill(-browser.pid, 'SIGTERM')
    await exited
    server.close()
    // Chromium's helper processes may still be closing their profile files for a moment.
    await new Promise((resolve) => setTimeout(resolve, 500))
    try {
      rmSync(workDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 })
    } catch (error) {
      console.log(`  (could not remove ${workDir}: ${error.code})`)
    }
  }
}
