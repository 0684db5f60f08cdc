import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const root = path.dirname(fileURLToPath(import.meta.url))
const localesDir = path.join(root, 'src/web/locales')

function localeFiles(): { file: string; relative: string }[] {
  const languages = readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  return languages.map((entry) => entry.name).flatMap((lng) =>
    readdirSync(path.join(localesDir, lng))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ file: path.join(localesDir, lng, name), relative: `${lng}/${name}` })),
  )
}

/**
 * Translations are loaded over HTTP per language and namespace (spec §9: retries, parallel
 * reads), so they live outside the JS bundle: served from `src/web/locales` in development and
 * emitted to `locales/` in the build. A content hash busts caches when a catalogue changes.
 */
function locales(): Plugin {
  const hash = createHash('sha256')
  for (const { relative, file } of localeFiles()) hash.update(relative).update(readFileSync(file))
  const version = hash.digest('hex').slice(0, 12)
  return {
    name: 'legado-locales',
    config: () => ({ define: { __LOCALES_VERSION__: JSON.stringify(version) } }),
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '')
        const match = localeFiles().find((entry) => entry.relative === relative)
        if (!match) return next()
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.end(readFileSync(match.file))
      })
    },
    generateBundle() {
      for (const { file, relative } of localeFiles()) {
        this.emitFile({ type: 'asset', fileName: `locales/${relative}`, source: readFileSync(file) })
      }
    },
  }
}

/**
 * Brotli and gzip copies of every text file of the build, made once here at the highest levels
 * rather than by the server on each request; the server picks one by the browser's
 * Accept-Encoding. Files under 1 KiB gain too little to be worth it.
 */
function precompress(outDir: string): Plugin {
  const compressible = /\.(js|css|html|json|svg|txt|webmanifest)$/
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)]))
  return {
    name: 'legado-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter((name) => compressible.test(name) && statSync(name).size >= 1024)) {
        const bytes = readFileSync(file)
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }))
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}

const outDir = path.join(root, 'dist/web')

export default defineConfig(({ mode }) => ({
  root: path.join(root, 'src/web'),
  // react-router's package exports only its development build (extra checks and warnings, larger);
  // a production build takes the production one, which the package ships beside it.
  resolve:
    mode === 'production'
      ? { alias: [{ find: /^react-router$/, replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs') }] }
      : {},
  plugins: [react(), locales(), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // Source maps publish the whole source to every visitor: only when asked for (debugging a build).
    sourcemap: process.env.LEGADO_SOURCEMAPS === 'true',
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
}))
