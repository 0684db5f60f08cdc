import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { compiledReaderVariable } from '../features/gedcom/gedcom.read.ts'

const readerEntry = fileURLToPath(new URL('../features/gedcom/gedcom.read.worker.ts', import.meta.url))
const fileName = 'gedcom-reader.mjs'

/**
 * Every GEDCOM preview and import reads its file on a new worker thread. From TypeScript sources
 * that thread must start tsx before it loads the reader (about 250 ms of CPU, some 500 times a
 * run); one JavaScript file holding the reader and everything it imports starts in about 50 ms.
 * The vitest global set-up compiles it once (and again before each re-run in watch mode, so it
 * never lags behind the sources) and names it to the test workers through the environment.
 */
export async function compileGedcomReader(): Promise<{ recompile(): Promise<void>; remove(): void }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'legado-reader-'))
  const compile = async () => {
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        ssr: readerEntry,
        outDir: directory,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rolldownOptions: { output: { entryFileNames: fileName, format: 'es' } },
      },
      // Everything in the one file, node:* aside: it runs from a folder with no node_modules.
      ssr: { noExternal: true },
    })
  }
  await compile()
  process.env[compiledReaderVariable] = path.join(directory, fileName)
  return { recompile: compile, remove: () => rmSync(directory, { recursive: true, force: true }) }
}
