/**
 * Second half of `npm run build:web`, after Vite's client build: renders the public pages to HTML
 * in every language (the same React tree the browser then hydrates) and writes them to
 * dist/web/pages/ with their styles inline, their catalogue inline and their route's scripts
 * preloaded, plus an app shell per language for the signed-in pages; then compresses the web
 * root once. The choices are in docs/decisions/0015-pages-that-paint-from-html.md.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { precompressTree } from './lib/precompress.mjs'

const root = path.resolve(import.meta.dirname, '..')
const webRoot = path.join(root, 'dist/web')
const bundleDir = path.join(root, 'dist/prerender')
const localesDir = path.join(root, 'src/web/locales')
const languages = ['es', 'en', 'fr']
const defaultLanguage = 'es'
/** Preloaded: the faces of the first screen's largest text (headings) and of the body text. */
const preloadedFonts = [/\/assets\/lora-latin-600-normal-[\w-]+\.woff2/, /\/assets\/atkinson-hyperlegible-latin-400-normal-[\w-]+\.woff2/]
/**
 * Faces a page's first screen shows beyond those: the dashboard's quote, its largest text, is Lora
 * at 500. Painted from the HTML, the page shows it before a late font would arrive, and the swap
 * then moved the tiles below it.
 */
const boldBody = /\/assets\/atkinson-hyperlegible-latin-700-normal-[\w-]+\.woff2/
const pagePreloadedFonts = {
  // The signed-in header's buttons and the page's own are bold too (their shells paint the page).
  dashboard: [/\/assets\/lora-latin-500-normal-[\w-]+\.woff2/, boldBody],
  // The chart's names are Lora at 500: its code comes with the page's now, so it is drawn before a
  // late face would arrive, and the swap moved the whole section (a layout shift of 0.12).
  'family-tree': [/\/assets\/lora-latin-500-normal-[\w-]+\.woff2/, boldBody],
  // The form pages' labels and links are bold: found only once the page rendered, the face came
  // at the browser's highest priority, ahead of the page's first paint.
  login: [boldBody],
  signup: [boldBody],
  contact: [boldBody],
}

await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'error', build: { ssr: 'entry-prerender.tsx' } })
const entry = await import(pathToFileURL(path.join(bundleDir, 'entry-prerender.js')).href)

const manifest = JSON.parse(readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'))
const template = readFileSync(path.join(webRoot, 'index.html'), 'utf8')

/** A chunk and every chunk it imports statically. */
function chunkKeys(key, seen = new Set()) {
  if (seen.has(key)) return seen
  seen.add(key)
  for (const imported of manifest[key]?.imports ?? []) chunkKeys(imported, seen)
  return seen
}
const mainKeys = chunkKeys('index.html')
const mainCss = manifest['index.html'].css ?? []
const routeKey = (name) => `app/routes/${name}.tsx`

const resources = Object.fromEntries(
  languages.map((lng) => [
    lng,
    Object.fromEntries(
      readdirSync(path.join(localesDir, lng))
        .filter((name) => name.endsWith('.json'))
        .map((name) => [name.slice(0, -5), JSON.parse(readFileSync(path.join(localesDir, lng, name), 'utf8'))]),
    ),
  ]),
)
await entry.initPrerender(resources, defaultLanguage)

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
/** JSON inside <script>: `<` escaped so no text in a catalogue can close the element. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c')
const cssLink = (href) => new RegExp(`<link rel="stylesheet" crossorigin href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`)

function catalogueScript(lng, namespaces) {
  const page = { lng, resources: Object.fromEntries(namespaces.map((ns) => [ns, resources[lng][ns]])) }
  return `<script type="application/json" id="${entry.pageCatalogueId}">${scriptJson(page)}</script>`
}

// Replacements go through functions: a `$&` or `$'` in a text or a stylesheet stays as written.
function pageHtml({ lng, title, description, body, namespaces, head, outcome = '', rootAttributes = '' }) {
  return template
    .replace('<html lang="es">', () => `<html lang="${lng}">`)
    .replace('<title>Legado</title>', () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('</head>', () => `${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root"${rootAttributes}>${body}</div>\n    ${catalogueScript(lng, namespaces)}${outcome}`)
}

/**
 * The pages whose form works before the app's scripts arrive (the server answers it posted): the
 * page asks for its scripts only once it has painted, so its HTML, fonts and first paint share the
 * connection with nothing, and the form is usable meanwhile; the app takes it over when they
 * arrive. A small script of our own (the CSP allows no inline one) reads the list the build wrote
 * into the page and adds them after the first frame.
 */
const scriptsAfterPaint = new Set(entry.formPages.map((form) => form.page))
const afterPaintId = 'after-paint-scripts'
const afterPaintSource = `// Written by scripts/prerender.mjs: the app's scripts, asked for once the page has painted.
const list = JSON.parse(document.getElementById('${afterPaintId}').textContent)
// Each request a link starts costs the main thread a millisecond or two (more on a slow phone):
// the 35 or so of a signed-in page, added at once, were one task of 70 ms on a desktop. Added a
// few per task, none is long; the data's reads and the entry go first.
const linksPerTask = 4
function link(rel, href, as) {
  const element = document.createElement(rel === 'script' ? 'script' : 'link')
  if (rel === 'script') element.type = 'module'
  else element.rel = rel
  if (as) element.as = as
  element.crossOrigin = ''
  element[rel === 'script' ? 'src' : 'href'] = href
  return element
}
const queue = [
  ...(list.fetch ?? []).map((href) => () => link('preload', href, 'fetch')),
  () => link('script', list.entry),
  ...list.preload.map((href) => () => link('modulepreload', href)),
]
function addSome() {
  for (const make of queue.splice(0, linksPerTask)) document.head.append(make())
  if (queue.length > 0) setTimeout(addSome, 0)
}
let started = false
function start() {
  if (started) return
  started = true
  addSome()
}
// The frame's callback runs before it is drawn, the timeout after; a hidden tab draws no frames.
requestAnimationFrame(() => setTimeout(start, 0))
setTimeout(start, 1000)
`
const afterPaintFile = `assets/after-paint-${createHash('sha256').update(afterPaintSource).digest('base64url').slice(0, 8)}.js`
writeFileSync(path.join(webRoot, afterPaintFile), afterPaintSource)

function scriptsAfterFirstPaint(html) {
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
  const fetchPreload = /<link rel="preload" href="([^"]+)" as="fetch" crossorigin>\s*/g
  const list = {
    entry: entryScript.exec(html)?.[1],
    fetch: [...html.matchAll(fetchPreload)].map((match) => match[1]),
    preload: [...html.matchAll(preload)].map((match) => match[1]),
  }
  if (!list.entry) throw new Error('the page has no module script to defer')
  return html
    .replace(preload, '')
    .replace(fetchPreload, '')
    .replace(
      entryScript,
      () => `<script type="application/json" id="${afterPaintId}">${scriptJson(list)}</script><script type="module" crossorigin src="/${afterPaintFile}"></script>`,
    )
}

/**
 * The page's first paint needs no request but the HTML: the main stylesheet goes inline (the
 * public pages' own styles are part of it, see src/web/app/public-pages.ts), and the fonts of the
 * first screen and the route's scripts start downloading while the HTML is still parsing.
 */
function inlineFirstPaint(html, pageName, afterPaint = scriptsAfterPaint.has(pageName)) {
  if (afterPaint) return scriptsAfterFirstPaint(inlineStylesAndPreloads(html, pageName))
  return inlineStylesAndPreloads(html, pageName)
}

function inlineStylesAndPreloads(html, pageName) {
  let result = html
  let fonts = []
  for (const href of mainCss) {
    const css = readFileSync(path.join(webRoot, href), 'utf8')
    fonts = [...preloadedFonts, ...(pagePreloadedFonts[pageName] ?? [])].map((pattern) => pattern.exec(css)?.[0]).filter(Boolean)
    result = result.replace(cssLink(`/${href}`), () => inlineStyle(href))
  }
  const preloads = [...fonts.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`), routePreloads(pageName).trim()]
  return result.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`)
}

/** Bytes of JavaScript, gzip, that a page loads before it is interactive. */
function initialScriptBytes(pageName) {
  const keys = new Set([...mainKeys, ...chunkKeys(routeKey(pageName))])
  return [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(path.join(webRoot, manifest[key].file)), { level: 9 }).length, 0)
}

/**
 * A stylesheet inside the page, so the first paint waits for no request. The disabled link beside
 * it is never fetched (a disabled stylesheet is not loaded) but tells Vite's loader of lazy
 * chunks that the sheet is already in the page: without it, the first lazy chunk that depends on
 * the sheet would fetch it again and append it after the sheets loaded since, changing their order.
 */
function inlineStyle(href) {
  return `<style>${readFileSync(path.join(webRoot, href), 'utf8')}</style><link rel="stylesheet" crossorigin href="/${href}" disabled>`
}

/**
 * The route's own scripts (beyond the main script's) preloaded, and its own styles inline (none
 * for the public pages, whose styles join the main sheet): the scripts arrive with the main
 * script rather than after it, and the page paints, styled, from the HTML alone.
 */
function routePreloads(pageName) {
  const routeChunks = [...chunkKeys(routeKey(pageName))].filter((key) => !mainKeys.has(key))
  const styles = [...new Set(routeChunks.flatMap((key) => manifest[key].css ?? []))]
  return [...routeChunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`), ...styles.map(inlineStyle)].join('\n    ')
}

const appPages = entry.appPages()
const signedInShellName = (name, variant) => `app-${name}-signed-in${variant ? `-${variant}` : ''}`
const pagesDir = path.join(webRoot, 'pages')
rmSync(pagesDir, { recursive: true, force: true })
for (const lng of languages) {
  mkdirSync(path.join(pagesDir, lng), { recursive: true })
  for (const page of entry.publicPages) {
    const { html, title, description, namespaces } = await entry.renderPage(page.path, lng)
    const file = inlineFirstPaint(pageHtml({ lng, title, description, body: html, namespaces, head: '' }), page.name)
    writeFileSync(path.join(pagesDir, lng, `${page.name}.html`), file)
  }
  // The pages a form posted without JavaScript is answered with (src/server/plugins/page-form-posts.ts).
  for (const form of entry.formPages) {
    const page = entry.publicPages.find((candidate) => candidate.name === form.page)
    for (const variant of form.sent ? ['failed', 'sent'] : ['failed']) {
      const outcome = entry.formVariantOutcome(form, variant)
      const { html, title, description, namespaces } = await entry.renderPage(page.path, lng, outcome)
      const json = variant === 'failed' ? entry.formPlaceholders.outcome : scriptJson(outcome)
      const outcomeScript = `\n    <script type="application/json" id="${entry.formOutcomeId}">${json}</script>`
      const file = inlineFirstPaint(pageHtml({ lng, title, description, body: html, namespaces, head: '', outcome: outcomeScript }), page.name)
      writeFileSync(path.join(pagesDir, lng, `${form.page}-${variant}.html`), file)
    }
  }
  // The signed-in pages are pre-rendered as the browser first draws them, waiting for the
  // session: the layout paints from the HTML, and the page's catalogues and scripts are on their
  // way with it rather than after the main script.
  for (const { pattern, name, namespaces, requests } of appPages) {
    const { html, title, description, namespaces: used } = await entry.renderPage(pattern, lng)
    const head = requests.map((href) => `  <link rel="preload" href="${href}" as="fetch" crossorigin>`).join('\n  ')
    const shell = inlineFirstPaint(pageHtml({ lng, title, description, body: html, namespaces: [...new Set([...used, ...namespaces])], head }), name)
    writeFileSync(path.join(pagesDir, lng, `app-${name}.html`), shell)
    // Drawn for someone signed in (the server sends these only with a live session): the page
    // itself, loading, paints from the HTML, which asks for its data and scripts once painted.
    for (const { variant, drawn } of entry.signedInShells(pattern)) {
      const { html, title, description, namespaces: used } = await entry.renderPage(pattern, lng, undefined, drawn)
      const rootAttributes = ` ${entry.signedInShellAttribute}="${entry.signedInShellValue}"`
      const file = inlineFirstPaint(pageHtml({ lng, title, description, body: html, namespaces: [...new Set([...used, ...namespaces])], head, rootAttributes }), name, true)
      writeFileSync(path.join(pagesDir, lng, `${signedInShellName(name, variant)}.html`), file)
    }
  }
}

writeFileSync(
  path.join(pagesDir, 'manifest.json'),
  JSON.stringify(
    {
      languages,
      defaultLanguage,
      pages: Object.fromEntries(entry.publicPages.filter((page) => page.name !== 'not-found').map((page) => [page.path, page.name])),
      notFound: 'not-found',
      appPages: Object.fromEntries(appPages.map(({ pattern, name }) => [pattern, `app-${name}`])),
      signedInShells: Object.fromEntries(
        appPages
          .map(({ pattern, name }) => [pattern, entry.signedInShells(pattern).map(({ variant }) => signedInShellName(name, variant))])
          .filter(([, names]) => names.length > 0),
      ),
      forms: Object.fromEntries(
        entry.formPages.map((form) => [form.form, { failed: `${form.page}-failed`, ...(form.sent ? { sent: `${form.page}-sent` } : {}), kept: form.kept }]),
      ),
      formPlaceholders: { message: entry.formPlaceholders.message, value: entry.formPlaceholders.value('{field}'), outcome: entry.formPlaceholders.outcome },
    },
    null,
    2,
  ),
)

// The texts the server answers a refused form with, in each language (the namespaces whose keys
// the shared failure rules name: src/shared/forms/form-failure.ts).
writeFileSync(
  path.join(pagesDir, 'form-texts.json'),
  JSON.stringify(Object.fromEntries(languages.map((lng) => [lng, { errors: resources[lng].errors, auth: resources[lng].auth, contact: resources[lng].contact }]))),
)

rmSync(path.join(webRoot, '.vite'), { recursive: true, force: true })
rmSync(bundleDir, { recursive: true, force: true })
precompressTree(webRoot)

for (const page of entry.publicPages) console.log(`${page.name}: ${(initialScriptBytes(page.name) / 1024).toFixed(1)} KiB of JavaScript (gzip) before it is interactive`)
