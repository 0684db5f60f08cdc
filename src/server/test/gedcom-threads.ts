import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { compiledReaderVariable } from '../features/gedcom/gedcom.read.ts'
import { compiledExportVariable } from '../features/gedcom/gedcom.export-thread.ts'

/** Each GEDCOM thread's entry, the file it is compiled to, and the variable that names that file. */
const threads = [
  { name: 'gedcom-reader', entry: fileURLToPath(new URL('../features/gedcom/gedcom.read.worker.ts', import.meta.url)), variable: compiledReaderVariable },
  { name: 'gedcom-export', entry: fileURLToPath(new URL('../features/gedcom/gedcom.export.worker.ts', import.meta.url)), variable: compiledExportVariable },
]

/**
 * Every GEDCOM preview and import reads its file on a new worker thread, and every export writes
 * its file on one. From TypeScript sources that thread must start tsx before it loads its module
 * (about 250 ms of CPU, some 500 times a run); one JavaScript file holding the module and
 * everything it imports starts in about 50 ms. The vitest global set-up compiles them once (and
 * again before each re-run in watch mode, so they never lag behind the sources) and names them to
 * the test workers through the environment.
 */
export async function compileGedcomThreads(): Promise<{ recompile(): Promise<void>; remove(): void }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'legado-gedcom-threads-'))
  const compile = async () => {
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        ssr: true,
        outDir: directory,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rolldownOptions: { input: Object.fromEntries(threads.map(({ name, entry }) => [name, entry])), output: { entryFileNames: '[name].mjs', format: 'es' } },
      },
      // Everything in the output folder, node:* aside: it runs from a folder with no node_modules.
      ssr: { noExternal: true },
    })
  }
  await compile()
  for (const { name, variable } of threads) process.env[variable] = path.join(directory, `${name}.mjs`)
  return { recompile: compile, remove: () => rmSync(directory, { recursive: true, force: true }) }
}
