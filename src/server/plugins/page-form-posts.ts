import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify'
import { contactFailure, signInFailure, signUpFailure, type FormFailure, type RefusedAnswer } from '../../shared/forms/form-failure.ts'
import { isLanguage, type Language } from '../../shared/limits.ts'
import { languageCookie, visitorLanguage } from './visitor-language.ts'
import type { PrerenderedPages } from './prerendered-pages.ts'

const formBody = 'application/x-www-form-urlencoded'
/** A sign-in, sign-up or contact form is a few fields; the contact message is the longest. */
const formBodyLimit = 64 * 1024
/** Where the web app goes after signing in or up when no page sent the person there. */
const signedInHome = '/dashboard'

type Fields = Record<string, string | undefined>

/**
 * One public page's form: which JSON route its fields go to, exactly as the web app's fetch sends
 * them, what the page says when that route refuses them, and where a success goes.
 */
interface PageForm {
  path: string
  api: string
  /** The fields the form's control names, in the order a person meets them. */
  fields: readonly string[]
  body(fields: Fields, language: Language): Record<string, unknown>
  /** A refusal only the form knows, found before the API is asked (as the web app's own check does). */
  check?(fields: Fields): FormFailure | undefined
  failure(answer: RefusedAnswer): FormFailure
  /** `signed-in`: 303 to the app with the session's cookies; `sent`: the page that thanks. */
  success: 'signed-in' | 'sent'
}

const pageForms: Record<string, PageForm> = {
  login: {
    path: '/login',
    api: '/api/auth/sign-in/email',
    fields: ['email', 'password'],
    body: ({ email, password }) => ({ email, password }),
    failure: signInFailure,
    success: 'signed-in',
  },
  signup: {
    path: '/signup',
    api: '/api/auth/sign-up/email',
    fields: ['email', 'password', 'confirmPassword'],
    body: ({ email, password }, language) => ({ name: '', email, password, preferredLanguage: language }),
    // The confirmation is the form's, not the API's: checked here so a mistyped password makes no account.
    check: ({ password, confirmPassword }) =>
      password !== undefined && password !== '' && password !== confirmPassword ? { key: 'auth:signup.passwordMismatch', field: 'confirmPassword' } : undefined,
    failure: signUpFailure,
    success: 'signed-in',
  },
  contact: {
    path: '/contact',
    api: '/api/contact',
    fields: ['name', 'email', 'message'],
    body: ({ name, email, message }) => ({ name, email, message }),
    failure: contactFailure,
    success: 'sent',
  },
}

/** Request headers the JSON route must see as the browser sent them (session, device mark, origin, proxy's). */
const notForwarded = new Set(['content-type', 'content-length', 'transfer-encoding', 'accept-encoding', 'connection', 'accept'])

type Texts = Record<Language, Record<string, unknown>>

/** A text of the catalogue by `namespace:dotted.key`, as the web's `fieldMessageText` names it. */
function catalogueText(texts: Record<string, unknown>, key: string): string | undefined {
  const [namespace, dotted] = key.includes(':') ? key.split(':', 2) : ['errors', key]
  let node: unknown = texts[namespace!]
  for (const part of dotted!.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string' ? node : undefined
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
/** JSON inside <script>: `<` escaped so nothing typed can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

function refusedAnswer(response: LightMyRequestResponse): RefusedAnswer {
  try {
    const body = response.json<{ error?: RefusedAnswer }>()
    if (body.error && typeof body.error.code === 'string') return body.error
  } catch {
    // Not our error shape: answered as any other failure.
  }
  return { code: 'internal' }
}

/**
 * The sign-in, sign-up and contact pages' forms posted without JavaScript (before the bundle has
 * arrived, or with scripts off): each goes to its page's own path, and is answered by sending its
 * fields through the JSON route the web app calls, in this process, with the browser's own
 * headers and address, so the same origin check, validation, limits, lock-out, device mark and
 * session cookie apply. A success goes where the app goes (303); a refusal answers the page again,
 * pre-rendered with the message in the reader's language and what was typed (never a password).
 * The origin check refuses these posts from another site as it refuses the JSON ones.
 */
export async function pageFormPosts(app: FastifyInstance, { pages, webRoot }: { pages: PrerenderedPages; webRoot: string }) {
  const { forms, formPlaceholders: placeholders } = pages.manifest
  const textsFile = path.join(webRoot, 'pages', 'form-texts.json')
  if (!forms || !placeholders || !existsSync(textsFile)) return
  const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as Texts

  app.addContentTypeParser(formBody, { parseAs: 'string', bodyLimit: formBodyLimit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  function pageLanguage(request: FastifyRequest, fields: Fields): Language {
    if (isLanguage(fields.lng)) return fields.lng
    const [, query] = request.url.split('?', 2)
    return visitorLanguage({ query, cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] })
  }

  function sendPage(reply: FastifyReply, name: string, language: Language, status: number, fill: (html: string) => string = (html) => html) {
    const page = pages.files.get(`${language}/${name}`)?.identity
    if (!page) throw new Error(`The build has no page ${language}/${name}`)
    // What was typed is in the page: no cache keeps it.
    return reply
      .code(status)
      .header('Content-Language', language)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(fill(page.body.toString('utf8')))
  }

  function sendRefused(reply: FastifyReply, name: string, form: PageForm, fields: Fields, language: Language, failure: FormFailure, status: number) {
    const message = catalogueText(texts[language], failure.key) ?? catalogueText(texts[language], form.failure({ code: 'internal' }).key) ?? ''
    const kept = forms![name]?.kept ?? []
    const values = Object.fromEntries(kept.map((field) => [field, fields[field] ?? '']))
    const field = failure.field && form.fields.includes(failure.field) ? failure.field : undefined
    const outcome = { form: name, message, values, ...(field ? { field } : {}) }
    return sendPage(reply, forms![name]!.failed, language, status, (html) => {
      let filled = html.split(placeholders!.message).join(escapeHtml(message))
      for (const [key, value] of Object.entries(values)) filled = filled.split(placeholders!.value.replace('{field}', key)).join(escapeHtml(value))
      filled = filled.split(placeholders!.outcome).join(scriptJson(outcome))
      // The field to look at first has the focus, as the web app's check gives it (the names are the form's own).
      if (field)
        filled = filled.replace(new RegExp(`<(input|textarea)([^>]*?) name="${field}"`), (_all, tag: string, before: string) => `<${tag}${before} autofocus="" name="${field}"`)
      return filled
    })
  }

  for (const [name, form] of Object.entries(pageForms)) {
    if (!forms[name]) continue
    app.post(form.path, { config: { bodyTypes: [formBody] }, schema: { hide: true } }, async (request, reply) => {
      const fields = (request.body ?? {}) as Fields
      const language = pageLanguage(request, fields)
      const early = form.check?.(fields)
      if (early) return sendRefused(reply, name, form, fields, language, early, 400)

      const headers = Object.fromEntries(Object.entries(request.headers).filter(([header]) => !notForwarded.has(header)))
      const answer = await app.inject({
        method: 'POST',
        url: form.api,
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
        payload: JSON.stringify(form.body(fields, language)),
        remoteAddress: request.socket.remoteAddress,
      })
      const retryAfter = answer.headers['retry-after']
      if (retryAfter !== undefined) reply.header('Retry-After', retryAfter)
      if (answer.statusCode >= 400) return sendRefused(reply, name, form, fields, language, form.failure(refusedAnswer(answer)), answer.statusCode)

      const sentPage = forms[name]!.sent
      if (form.success === 'sent' && sentPage) return sendPage(reply, sentPage, language, 200)
      const cookies = answer.headers['set-cookie']
      const cookieList = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies]
      // The app switches to the account's language on signing in; the cookie the server reads does the same here.
      const chosen = answer.json<{ user?: { preferredLanguage?: unknown } }>().user?.preferredLanguage
      if (isLanguage(chosen)) cookieList.push(`${languageCookie}=${chosen}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`)
      return reply.header('set-cookie', cookieList).redirect(signedInHome, 303)
    })
  }
}
