// Time to first token of Ana's reply (POST /api/interviews/chat, through the real server) while
// the fact listener asks the model for the answer's facts as JSON, against a baseline with the
// listener off. The fake Gemini starts streaming the reply after 50 ms and takes 800 ms to answer
// the JSON question: if the reply waited for the listener, the first token would come 800 ms late.
// Run with `node --import tsx` (the fake is the tests' own, in TypeScript).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startFakeGemini } from '../src/server/test/fake-gemini.ts'
import { percentileOf, startServer, stopServer, timeToFirst } from './bench-lib.mjs'
import { buildIfNeeded } from './build-if-needed.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 30)
const port = Number(process.env.BENCH_PORT ?? 3195)
const jsonDelayMs = Number(process.env.BENCH_JSON_DELAY_MS ?? 800)
/** The setting that turns the listener off, as NAME=value. */
const listenerOff = (process.env.BENCH_LISTENER_OFF ?? 'FACT_LISTENING=off').split('=')
const pieces = ['Qué recuerdo tan bonito. ', 'Cuéntame más: ', '¿cómo era la casa de Aurora?']
const heard = {
  facts: [
    { kind: 'spouse', value: 'Luis Pérez', quote: 'Se casó con Luis Pérez' },
    { kind: 'marriageDate', value: '1950', quote: 'Se casó con Luis Pérez en 1950' },
  ],
}

/** A server of its own with its own fake Gemini, an account and a grandmother to tell Ana about. */
async function prepare(port, env) {
  const legado = `http://127.0.0.1:${port}`
  const gemini = await startFakeGemini({
    behaviour: { kind: 'stream', pieces, delayMs: 50 },
    jsonBehaviour: { kind: 'json', value: heard, delayMs: jsonDelayMs },
  })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'legado-bench-facts-'))
  const server = await startServer(port, {
    DATA_DIR: dataDir,
    AI_PROVIDER: 'gemini',
    GEMINI_API_KEY: 'bench',
    GEMINI_BASE_URL: gemini.baseUrl,
    AI_MODEL: 'gemini-2.5-flash',
    AI_RATE_LIMIT_PER_HOUR: '100000',
    AI_BUDGET_CHARS_PER_HOUR: '100000000',
    AI_BUDGET_CHARS_PER_DAY: '100000000',
    ...env,
  })
  const stop = async () => {
    await stopServer(server)
    await gemini.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const json = { 'content-type': 'application/json', origin: legado }
    const signUp = await fetch(`${legado}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'bench-facts@example.com', password: 'bench-facts-2026' }),
    })
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const headers = { ...json, cookie }
    await fetch(`${legado}/api/family-tree/members`, { method: 'POST', headers, body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', isSelf: true }) })
    const created = await fetch(`${legado}/api/family-tree/members`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Aurora', lastName: 'Díaz', relationshipToOwner: 'Abuela', isDeceased: true }),
    })
    if (!created.ok) throw new Error(`the relative was not created: ${created.status} ${await created.text()}`)
    const {
      member: { memberId },
    } = await created.json()
    const times = []
    return {
      times,
      listened: () => gemini.jsonRequests().length,
      stop,
      async tell(run) {
        const message = `Se casó con Luis Pérez en 1950 y tuvieron tres hijos: Ana, Jorge y Marta (vez ${run}).`
        times.push(await timeToFirst(`${legado}/api/interviews/chat`, { method: 'POST', headers, body: JSON.stringify({ memberId, message, language: 'es' }) }, 'event: delta'))
      },
    }
  } catch (error) {
    await stop()
    throw error
  }
}

buildIfNeeded()
const off = await prepare(port, { [listenerOff[0]]: listenerOff[1] })
const on = await prepare(port + 1, {}).catch(async (error) => {
  await off.stop()
  throw error
})
try {
  // Turn about, so that whatever else the machine does falls on both alike.
  for (let run = 0; run < runs; run += 1) {
    await off.tell(run)
    await on.tell(run)
  }
  // A listener that answers after the reply has had its time to ask.
  await new Promise((resolve) => setTimeout(resolve, jsonDelayMs + 200))
  const warm = (values) => values.slice(Math.min(5, Math.floor(values.length / 4)))
  const [offTimes, onTimes] = [warm(off.times), warm(on.times)]
  const row = (name, times, listened) =>
    `  ${name.padEnd(34)} p50 ${percentileOf(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentileOf(times, 0.95).toFixed(1).padStart(6)} ms  (${listened} JSON questions to the model)`
  console.log(`Time to first token of Ana's reply, ${onTimes.length} runs after warm-up (fake Gemini: reply after 50 ms, JSON after ${jsonDelayMs} ms):`)
  console.log(row(`listener off (${listenerOff.join('=')})`, offTimes, off.listened()))
  console.log(row('listener on', onTimes, on.listened()))
  console.log(
    `  ratio on / off                     p50 ${(percentileOf(onTimes, 0.5) / percentileOf(offTimes, 0.5)).toFixed(2).padStart(6)}     p95 ${(percentileOf(onTimes, 0.95) / percentileOf(offTimes, 0.95)).toFixed(2).padStart(6)}`,
  )
  if (on.listened() === 0) console.log('  The listener asked the model nothing: it is not hooked into the interview yet, so both rows measure the same server.')
  if (off.listened() > 0) console.log(`  ${listenerOff.join('=')} did not turn the listener off: set BENCH_LISTENER_OFF to the setting that does.`)
} finally {
  await off.stop()
  await on.stop()
}
