// Time to first token: what Legado's chat proxy (session, rate limit, history, self member, SSE
// re-encoding) and the AI lab's variation (session, rate limit, SSE) add to a streamed Gemini
// reply, against calling the same fake Gemini directly, in one run. Run with `node --import tsx` (the fake is the tests' own, in TypeScript).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startFakeGemini } from '../src/server/test/fake-gemini.ts'
import { buildIfNeeded, serverEntry } from './build-if-needed.mjs'
import { percentileOf, timeToFirst } from './bench-lib.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 40)
const port = Number(process.env.BENCH_PORT ?? 3192)
const legado = `http://127.0.0.1:${port}`
const pieces = ['Qué recuerdo tan bonito. ', 'Cuéntame más: ', '¿cómo era la casa?']

async function waitFor(url) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer`)
}

buildIfNeeded()
const gemini = await startFakeGemini({ behaviour: { kind: 'stream', pieces } })
const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-ai-'))
const server = spawn('node', [serverEntry], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    AI_PROVIDER: 'gemini',
    GEMINI_API_KEY: 'bench',
    GEMINI_BASE_URL: gemini.baseUrl,
    AI_RATE_LIMIT_PER_HOUR: '100000',
  },
  stdio: 'inherit',
})

try {
  await waitFor(`${legado}/api/health`)
  const json = { 'content-type': 'application/json', origin: legado }
  const signUp = await fetch(`${legado}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'bench-ai@example.com', password: 'bench-ai-2026' }),
  })
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  await fetch(`${legado}/api/family-tree/members`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', isSelf: true }) })

  const direct = []
  const proxied = []
  const told = []
  for (let run = 0; run < runs; run += 1) {
    const message = `Recuerdo número ${run}: la casa de la abuela tenía un patio con un limonero.`
    direct.push(
      await timeToFirst(
        `${gemini.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': 'bench' },
          body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: message }] }] }),
        },
        'data:',
      ),
    )
    proxied.push(await timeToFirst(`${legado}/api/biography/chat`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ message }) }, 'event: delta'))
    told.push(await timeToFirst(`${legado}/api/ai-lab/variations`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ text: message }) }, 'event: delta'))
  }
  // The first runs warm up connections and caches on both sides.
  const warm = (values) => values.slice(Math.min(5, Math.floor(values.length / 4)))
  const [d, p, v] = [warm(direct), warm(proxied), warm(told)]
  const row = (name, values) => `  ${name.padEnd(31)} ${percentileOf(values, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentileOf(values, 0.95).toFixed(1).padStart(6)} ms`
  console.log(`Time to first token of a streamed reply, ${d.length} runs after warm-up (fake Gemini on this machine):`)
  console.log(row('fake Gemini directly', d))
  console.log(row('through /api/biography/chat', p))
  console.log(row('through /api/ai-lab/variations', v))
  console.log(
    `  added by Legado (median)        ${(percentileOf(p, 0.5) - percentileOf(d, 0.5)).toFixed(1).padStart(6)} ms chat, ${(percentileOf(v, 0.5) - percentileOf(d, 0.5)).toFixed(1).padStart(6)} ms variation`,
  )
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  await gemini.close()
  rmSync(dataDir, { recursive: true, force: true })
}
