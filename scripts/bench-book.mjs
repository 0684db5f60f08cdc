// Life book benchmark: figures, not pass/fail. Run with `node --import tsx scripts/bench-book.mjs`.
// A family book of about 300 pages with BENCH_BOOK_PHOTOS (200) photos of 2 to 4 megapixels, a
// chart and an index of 200 people, rendered by renderBookOffThread as the book job does, in a
// process of its own so that its peak resident memory (VmHWM: the main thread, the render thread
// and sharp's native memory together) is the book's alone. Meanwhile a tiny HTTP server on the
// main thread is asked every 20 ms, and its answers timed: the request thread keeps answering while
// the book is made. Then the same through the built server (BENCH_BOOK_SERVER=off skips it): a
// person with a memoir of BENCH_BOOK_MEMORIES (80) memories holding the photos makes their own
// book with POST /api/books, and GET /api/health is timed until it is done. Goals: at most 60 s
// and 512 MiB.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { startServer, stopServer } from './bench-lib.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'
import { bookText } from '../src/server/features/book/book.words.ts'

const photoCount = Number(process.env.BENCH_BOOK_PHOTOS ?? 200)
const photoFolder = path.join(tmpdir(), `legado-bench-book-photos-${photoCount}`)
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(0)
const percentileOf = (values, fraction) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))]

/** Photos of 2 to 4 MP, landscape and portrait, as a phone or a scanner makes them; kept between runs. */
async function makePhotos() {
  const sizes = [
    [1800, 1200],
    [2000, 1500],
    [1500, 2000],
    [2400, 1600],
    [1632, 2448],
  ]
  mkdirSync(photoFolder, { recursive: true })
  const files = new Map()
  for (let index = 0; index < photoCount; index++) {
    const file = path.join(photoFolder, `photo-${index}.jpg`)
    const [width, height] = sizes[index % sizes.length]
    if (!existsSync(file)) {
      const tone = 60 + ((index * 37) % 140)
      await sharp({ create: { width, height, channels: 3, background: { r: tone, g: 110, b: 200 - tone / 2 }, noise: { type: 'gaussian', mean: tone, sigma: 30 } } })
        .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${30 + (index % 40)}%" cy="45%" r="28%" fill="#a05a2c"/></svg>`) }])
        .jpeg({ quality: 88 })
        .toFile(file)
    }
    files.set(`photo-${index}`, file)
  }
  return files
}

const paragraph =
  'Aquel invierno la nieve cubrió el pueblo entero y no hubo escuela durante semanas. Mi padre salía al alba a dar de comer a las vacas, y nosotros mirábamos desde la ventana cómo el humo de las chimeneas subía recto hacia un cielo muy blanco. '

/** A family book: a chapter per person of the older generations, memories and answers with recordings, the photos spread among them. */
function familyPlan(photoIds) {
  const chart = []
  let previous = [[]]
  for (let generation = 0; chart.length < 200; generation++) {
    const couples = []
    for (const parents of previous) {
      for (let child = 0; child < (generation === 0 ? 2 : 3) && chart.length < 200; child += 2) {
        const id = `g${generation}-${chart.length}`
        const partner = `g${generation}-${chart.length + 1}`
        chart.push({ id, name: `Persona ${chart.length + 1} Fernández`, years: '1900 – 1980', generation, parentIds: parents, partnerIds: [partner] })
        chart.push({ id: partner, name: `Pareja ${chart.length + 1} Muñoz`, years: '1902 – 1990', generation, parentIds: [], partnerIds: [id] })
        couples.push([id, partner])
      }
    }
    previous = couples
  }
  const chapterCount = 26
  let recording = 0
  const chapters = Array.from({ length: chapterCount }, (_, index) => {
    const person = chart[index]
    const blocks = []
    for (let block = 0; block < 3; block++) {
      const url = block % 2 === 0 ? `https://legado.example/l/${String(recording++).padStart(6, '0')}AbCdEfGhIjKlMnOpQrStUv` : null
      blocks.push(
        block === 1
          ? {
              type: 'answer',
              id: `a${index}-${block}`,
              question: '¿Cómo era la casa donde creció?',
              answer: `${person.name} lo recordaba así.\n${paragraph.repeat(4)}\n${paragraph.repeat(3)}`,
              date: '12 de marzo de 2024',
              recordings: [{ mediaId: `r${index}-${block}`, title: 'Respuesta', url }],
              teller: null,
            }
          : {
              type: 'memory',
              id: `m${index}-${block}`,
              title: `Un recuerdo de ${person.name}`,
              date: 'hacia 1950',
              text: `${paragraph.repeat(5)}\n${paragraph.repeat(4)}\n${paragraph.repeat(3)}`,
              recordings: [{ mediaId: `r${index}-${block}`, title: 'La voz', url }],
              teller: 'Lo contó Rosa',
            },
      )
    }
    for (let photo = index; photo < photoIds.length; photo += chapterCount)
      blocks.push({ type: 'photo', id: `p${photo}`, mediaId: photoIds[photo], caption: `Foto ${photo + 1} de la familia`, width: null, height: null })
    return { key: `c${index}`, title: `La vida de ${person.name}`, subtitle: '1900 – 1980', retelling: null, blocks }
  })
  return {
    language: 'es',
    format: '6x9',
    bleed: true,
    title: 'La familia Fernández Muñoz',
    subtitle: '1900 – 2026',
    coverPhotoId: photoIds[0] ?? null,
    dedication: 'Para quienes vendrán.',
    chapters,
    chart,
    people: chart.map((person) => ({ id: person.id, name: person.name, terms: [person.name] })),
    colophon: 'Este libro se hizo el 29 de noviembre de 2026 con Legado.',
    words: bookText.es.words,
  }
}

/** The peak resident memory of this process so far (Linux), in bytes. */
function peakResident() {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

/** In the child: renders the book while a server on the main thread is timed. */
async function renderAndTime() {
  const { renderBookOffThread } = await import('../src/server/features/book/book.pdf-thread.ts')
  const imageFiles = new Map(JSON.parse(process.env.BENCH_BOOK_FILES))
  const outFile = path.join(tmpdir(), `legado-bench-book-${process.pid}.pdf`)
  const server = http.createServer((_, response) => response.end('{"status":"ok"}'))
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const latencies = []
  let sampledPeak = 0
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)), 50)
  let isRendering = true
  const asking = (async () => {
    while (isRendering) {
      const started = performance.now()
      await new Promise((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/api/health', agent }, (response) => response.resume().on('end', resolve)).on('error', reject),
      )
      latencies.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const started = performance.now()
  const { pageCount } = await renderBookOffThread(familyPlan([...imageFiles.keys()]), {
    imageFiles,
    outFile,
    signal: new AbortController().signal,
    onProgress: () => {},
  })
  const seconds = (performance.now() - started) / 1000
  isRendering = false
  await asking
  clearInterval(sampler)
  server.close()
  agent.destroy()
  const bytes = statSync(outFile).size
  rmSync(outFile, { force: true })
  process.stdout.write(JSON.stringify({ seconds, pageCount, bytes, peak: Math.max(peakResident(), sampledPeak), latencies }))
}

/** Resident memory of a process now (Linux), in bytes. */
function residentOf(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) * 1024 : 0
}

/** The book through the built server: a memoir with the photos, made by the job runner while /api/health is timed. */
async function throughServer(photos) {
  buildIfNeeded()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-book-data-'))
  const port = Number(process.env.BENCH_PORT ?? 3217)
  const base = `http://127.0.0.1:${port}`
  const server = await startServer(port, { DATA_DIR: dataDir, PUBLIC_URL: base, MAX_UPLOAD_BYTES: String(16 * 1024 * 1024) })
  try {
    const signedUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      // A name makes the person's own card, whose memoir the book prints.
      body: JSON.stringify({ email: 'carmen@bench.example', password: 'bench-password-2026', name: 'Carmen Ruiz López' }),
    })
    if (signedUp.status !== 200) throw new Error(`sign-up answered ${signedUp.status}`)
    const cookie = signedUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const headers = { cookie, origin: base }
    const memories = Number(process.env.BENCH_BOOK_MEMORIES ?? 80)
    const files = [...photos.values()]
    console.log(`  through the server: ${memories} memories and ${files.length} photos uploaded…`)
    for (let index = 0; index < memories; index++) {
      const created = await fetch(`${base}/api/biography/entries`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Recuerdo ${index + 1}`, content: `${paragraph.repeat(9)}\n\n${paragraph.repeat(9)}`, eventDate: `${1935 + (index % 80)}`, language: 'es' }),
      })
      if (created.status !== 201) throw new Error(`a memory answered ${created.status}: ${await created.text()}`)
      const entryId = (await created.json()).id
      for (let photo = index; photo < files.length; photo += memories) {
        const bytes = readFileSync(files[photo])
        const metadata = { filename: `foto-${photo}.jpg`, filetype: 'image/jpeg', caption: `Foto ${photo + 1}`, linkedToType: 'biographyEntry', linkedToId: entryId }
        const upload = await fetch(`${base}/api/uploads/`, {
          method: 'POST',
          headers: {
            ...headers,
            'tus-resumable': '1.0.0',
            'upload-length': String(bytes.length),
            'upload-metadata': Object.entries(metadata)
              .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
              .join(','),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes,
        })
        if (upload.status !== 201) throw new Error(`an upload answered ${upload.status}: ${await upload.text()}`)
      }
    }
    let peak = 0
    const sampler = setInterval(() => (peak = Math.max(peak, residentOf(server.pid))), 50)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const latencies = []
    const started = performance.now()
    const made = await fetch(`${base}/api/books`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'person', language: 'es', bleed: true }),
    })
    if (made.status !== 201) throw new Error(`POST /api/books answered ${made.status}: ${await made.text()}`)
    const { id } = await made.json()
    let book
    for (let asked = 0; ; asked++) {
      const askedAt = performance.now()
      await new Promise((resolve, reject) => http.get(`${base}/api/health`, { agent }, (response) => response.resume().on('end', resolve)).on('error', reject))
      latencies.push(performance.now() - askedAt)
      if (asked % 25 === 0) {
        book = await (await fetch(`${base}/api/books/${id}`, { headers })).json()
        if (book.status !== 'queued' && book.status !== 'running') break
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    agent.destroy()
    if (book.status !== 'done') throw new Error(`the book ended ${book.status} (${book.errorCode})`)
    console.log(`  ${book.pageCount} pages, ${(book.bytes / 1024 / 1024).toFixed(1)} MiB of PDF made by the server's job in ${seconds.toFixed(1)} s (goal ≤ 60 s)`)
    console.log(`  the server's resident memory while it made the book: at most ${mib(peak)} MiB (goal ≤ 512 MiB)`)
    console.log(
      `  GET /api/health meanwhile (${latencies.length} requests): p50 ${percentileOf(latencies, 0.5).toFixed(1)} ms, p99 ${percentileOf(latencies, 0.99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    )
  } finally {
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.env.BENCH_BOOK_FILES) await renderAndTime()
else {
  console.log(`Life book: a family book with ${photoCount} photos of 2–4 MP, rendered off the request thread`)
  const photos = await makePhotos()
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_BOOK_FILES: JSON.stringify([...photos]) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  const code = await new Promise((resolve) => child.on('exit', resolve))
  if (code !== 0) throw new Error(`The book's render process ended with code ${code}`)
  const result = JSON.parse(output)
  console.log(`  ${result.pageCount} pages, ${(result.bytes / 1024 / 1024).toFixed(1)} MiB of PDF in ${result.seconds.toFixed(1)} s (goal ≤ 60 s)`)
  console.log(`  peak resident memory of the process: ${mib(result.peak)} MiB (goal ≤ 512 MiB)`)
  console.log(
    `  the main thread meanwhile answered ${result.latencies.length} requests: p50 ${percentileOf(result.latencies, 0.5).toFixed(1)} ms, p99 ${percentileOf(result.latencies, 0.99).toFixed(1)} ms, max ${Math.max(...result.latencies).toFixed(1)} ms`,
  )
  if (process.env.BENCH_BOOK_SERVER !== 'off') await throughServer(photos)
}
