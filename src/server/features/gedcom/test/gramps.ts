// Gramps (the desktop genealogy program, run from its command line) as a second reader and writer
// of our GEDCOM: a file that comes back from Gramps as it went in is a file other programs read.
// Gramps is a system package, not an npm one: tests that need it skip, with one notice, where it
// is not installed.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

function findOnPath(command: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!folder) continue
    const candidate = path.join(folder, command)
    if (existsSync(candidate)) return candidate
  }
  return undefined
}

/** GRAMPS_BIN names another executable; otherwise `gramps` on PATH. */
export const grampsPath = process.env.GRAMPS_BIN ?? findOnPath('gramps')
export const hasGramps = grampsPath !== undefined && existsSync(grampsPath)

let hasNoticed = false
/** Call at the top of a test file that runs Gramps: warns once when it is missing. */
export function noticeMissingGramps(): void {
  if (hasGramps || hasNoticed) return
  hasNoticed = true
  console.warn('Gramps not found on PATH (install the gramps package, or set GRAMPS_BIN): the tests that run it are skipped.')
}

// Each run is a Python process that loads all of Gramps (about 100 MiB, seconds of CPU): a few at
// once keep a busy machine answering, where a dozen made every one of them time out.
const runsAtOnce = Number(process.env.GRAMPS_RUNS_AT_ONCE) || 2
let running = 0
const waiting: (() => void)[] = []
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= runsAtOnce) await new Promise<void>((resolve) => waiting.push(resolve))
  running += 1
  try {
    return await work()
  } finally {
    running -= 1
    waiting.shift()?.()
  }
}

export interface GrampsRun {
  /** Gramps's own GEDCOM 5.5.1 export of what it read. */
  gedcom: string
  /** What Gramps printed: its import report names what it did not take. */
  log: string
}

/**
 * Imports a GEDCOM file into a fresh, throw-away Gramps database and exports it again as GEDCOM.
 * Each run has its own HOME, so runs never share a Gramps database or settings, and may run at once.
 */
export function throughGramps(gedcom: string | Uint8Array, options: { timeoutMs?: number } = {}): Promise<GrampsRun> {
  return inTurn(() => runGramps(gedcom, options))
}

async function runGramps(gedcom: string | Uint8Array, options: { timeoutMs?: number }): Promise<GrampsRun> {
  if (!grampsPath) throw new Error('Gramps is not installed: guard the test with hasGramps')
  const home = await mkdtemp(path.join(tmpdir(), 'legado-gramps-'))
  try {
    const input = path.join(home, 'in.ged')
    const output = path.join(home, 'out.ged')
    await writeFile(input, gedcom)
    // -y answers yes to every question Gramps would ask; without -O the import goes to a temporary database.
    const { stdout, stderr } = await run(grampsPath, ['-y', '-i', input, '-e', output], {
      env: { ...process.env, HOME: home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      timeout: options.timeoutMs ?? 120_000,
      maxBuffer: 64 * 1024 * 1024,
    })
    const log = `${stdout}\n${stderr}`
    if (!existsSync(output)) throw new Error(`Gramps wrote no export:\n${log.slice(-2000)}`)
    return { gedcom: await readFile(output, 'utf8'), log }
  } finally {
    await rm(home, { recursive: true, force: true })
  }
}
