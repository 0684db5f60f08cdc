import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { visitorLanguage } from './visitor-language.ts'

/** What the build wrote beside the pages (scripts/prerender.mjs). */
interface PagesManifest {
  languages: string[]
  pages: Record<string, string>
  notFound: string
  /** Path pattern of each signed-in page → its app shell. */
  appPages: Record<string, string>
  /**
   * Path pattern → the shells of that page drawn for someone signed in (the page itself, loading),
   * sent instead of the app shell to a request with a live session; one is picked at random (the
   * dashboard's differ by the quote they show). Absent from builds older than them.
   */
  signedInShells?: Record<string, string[]>
  /**
   * The pages a form posted without JavaScript is answered with (src/server/plugins/page-form-posts.ts):
   * the form's page refused (with placeholders) and, for the contact form, sent; `kept` names the
   * fields whose text comes back. Absent from builds older than these answers.
   */
  forms?: Record<string, { failed: string; sent?: string; kept: string[] }>
  /** The placeholders of the `failed` pages: `value` holds `{field}`. */
  formPlaceholders?: { message: string; value: string; outcome: string }
}

type Encoding = 'br' | 'gzip' | 'identity'
interface Variant {
  body: Buffer
  etag: string
}

export interface PrerenderedPages {
  manifest: PagesManifest
  files: Map<string, Partial<Record<Encoding, Variant>>>
}

const suffixes: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' }

/**
 * Every pre-rendered page of the build, read once at start-up: a few dozen small files, each
 * answered from memory with the compressed copy the browser accepts.
 */
export function loadPrerenderedPages(webRoot: string): PrerenderedPages | undefined {
  const manifestFile = path.join(webRoot, 'pages', 'manifest.json')
  if (!existsSync(manifestFile)) return undefined
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest
  const files = new Map<string, Partial<Record<Encoding, Variant>>>()
  const formNames = Object.values(manifest.forms ?? {}).flatMap((form) => [form.failed, ...(form.sent ? [form.sent] : [])])
  const names = [...Object.values(manifest.pages), manifest.notFound, ...Object.values(manifest.appPages), ...formNames, ...Object.values(manifest.signedInShells ?? {}).flat()]
  for (const lng of manifest.languages) {
    for (const name of names) {
      const variants: Partial<Record<Encoding, Variant>> = {}
      for (const encoding of Object.keys(suffixes) as Encoding[]) {
        const file = path.join(webRoot, 'pages', lng, `${name}.html${suffixes[encoding]}`)
        if (!existsSync(file)) continue
        const body = readFileSync(file)
        variants[encoding] = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }
      }
      files.set(`${lng}/${name}`, variants)
    }
  }
  return { manifest, files }
}

/** Path patterns as the client router reads them: `:name` is one segment, case ignored. */
function matchesPattern(pathname: string, pattern: string): boolean {
  const segments = pathname.split('/').filter(Boolean)
  const parts = pattern.split('/').filter(Boolean)
  return segments.length === parts.length && parts.every((part, index) => part.startsWith(':') || part.toLowerCase() === segments[index]?.toLowerCase())
}

/**
 * Which page answers a path: a public page, the app shell for a signed-in page (with the shells
 * drawn for someone signed in, when it has them), or the 404 page.
 */
export function pageFor(pathname: string, manifest: PagesManifest): { name: string; status: 200 | 404; signedIn?: string[] } {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname
  const publicPage = manifest.pages[normalised]
  if (publicPage) return { name: publicPage, status: 200 }
  const appPage = Object.entries(manifest.appPages).find(([pattern]) => matchesPattern(normalised, pattern))
  if (appPage) return { name: appPage[1], status: 200, signedIn: manifest.signedInShells?.[appPage[0]] }
  return { name: manifest.notFound, status: 404 }
}

function preferredEncoding(header: string | undefined, available: Partial<Record<Encoding, Variant>>): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  )
  if (accepted.has('br') && available.br) return 'br'
  if (accepted.has('gzip') && available.gzip) return 'gzip'
  return 'identity'
}

/**
 * Answers with the page in the visitor's language. It depends on the cookie and the browser's
 * languages, so shared caches must not keep it, and the browser checks back (by its ETag) each time.
 * A signed-in page with shells drawn for someone signed in sends one of them when `isSignedIn`
 * finds a live session (they hold no one's data, only the page's first frame); anyone else gets
 * the shell that waits for the session and then sends a visitor to sign in, as before.
 */
export async function sendPrerenderedPage(request: FastifyRequest, reply: FastifyReply, pages: PrerenderedPages, isSignedIn: (request: FastifyRequest) => Promise<boolean>) {
  const [pathname = '/', query] = request.url.split('?', 2)
  const lng = visitorLanguage({ query, cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] })
  const page = pageFor(pathname, pages.manifest)
  const { status } = page
  const name = page.signedIn?.length && (await isSignedIn(request)) ? (page.signedIn[Math.floor(Math.random() * page.signedIn.length)] ?? page.name) : page.name
  const variants = pages.files.get(`${lng}/${name}`) ?? {}
  const encoding = preferredEncoding(request.headers['accept-encoding'], variants)
  const variant = variants[encoding]
  if (!variant) throw new Error(`The build has no page ${lng}/${name}`)
  reply.header('Content-Language', lng).header('Vary', 'Accept-Language, Cookie, Accept-Encoding').header('Cache-Control', 'private, no-cache').header('ETag', variant.etag)
  if (status === 200 && request.headers['if-none-match'] === variant.etag) return reply.code(304).send()
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding)
  return reply.code(status).type('text/html; charset=utf-8').send(variant.body)
}
