import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const root = path.dirname(fileURLToPath(import.meta.url))
const localesDir = path.join(root, 'src/web/locales')

function localeFiles(): { file: string; relative: string }[] {
  const languages = readdirSync(localesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  return languages
    .map((entry) => entry.name)
    .flatMap((lng) =>
      readdirSync(path.join(localesDir, lng))
        .filter((name) => name.endsWith('.json'))
        .map((name) => ({ file: path.join(localesDir, lng, name), relative: `${lng}/${name}` })),
    )
}

/**
 * Translations are loaded over HTTP per language and namespace (docs/product.md#languages: retries, parallel
 * reads), so they live outside the JS bundle: served from `src/web/locales` in development and
 * emitted to `assets/locales/<content hash>/` in the build, so each version of the catalogues has
 * its own URL and can be cached for good. The pre-rendered pages carry their own catalogues inline.
 */
function locales(isSsrBuild: boolean): Plugin {
  const hash = createHash('sha256')
  for (const { relative, file } of localeFiles()) hash.update(relative).update(readFileSync(file))
  const version = hash.digest('hex').slice(0, 12)
  return {
    name: 'legado-locales',
    config: () => ({ define: { __LOCALES_VERSION__: JSON.stringify(version) } }),
    configureServer(server) {
      server.middlewares.use('/assets/locales', (req, res, next) => {
        // The first segment is the version: development always serves the files as they are now.
        const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+[^/]+\//, '')
        const match = localeFiles().find((entry) => entry.relative === relative)
        if (!match) return next()
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.end(readFileSync(match.file))
      })
    },
    generateBundle() {
      if (isSsrBuild) return
      for (const { file, relative } of localeFiles()) {
        this.emitFile({ type: 'asset', fileName: `assets/locales/${version}/${relative}`, source: readFileSync(file) })
      }
    },
  }
}

const outDir = path.join(root, 'dist/web')

export default defineConfig(({ mode, isSsrBuild = false }) => ({
  root: path.join(root, 'src/web'),
  // The pre-rendered footer's year; the client and pre-render builds of one `npm run build` agree.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  // react-router's package exports only its development build (extra checks and warnings, larger);
  // a production build takes the production one, which the package ships beside it.
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: path.join(root, 'node_modules/react-router/dist/production/index.mjs') }] } : {},
  plugins: [react(), locales(isSsrBuild)],
  publicDir: isSsrBuild ? false : 'public',
  // The pre-render bundle (scripts/prerender.mjs) takes react-router through the alias above.
  ssr: { noExternal: ['react-router'] },
  build: {
    // The pre-render bundle is a build tool: it goes beside the web root, never served.
    outDir: isSsrBuild ? path.join(root, 'dist/prerender') : outDir,
    emptyOutDir: true,
    // scripts/prerender.mjs reads which scripts and styles each page needs, then deletes it.
    manifest: !isSsrBuild,
    // The paper background is a small SVG behind every page: inline in the CSS it paints with the
    // first frame instead of waiting for a request. Fonts and everything else stay files.
    assetsInlineLimit: (file: string) => file.endsWith('paper-background.svg'),
    // Source maps publish the whole source to every visitor: only when asked for (debugging a build).
    sourcemap: process.env.LEGADO_SOURCEMAPS === 'true',
  },
  server: {
    port: 5173,
    // The API, and the listening pages the server draws itself (/l/<token>).
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, '/l/': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
}))
