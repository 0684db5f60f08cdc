import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A mail as the test SMTP server received it: envelope recipients, decoded subject and plain text. */
export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`)
  // Literal % signs were never escaped by the encoder: protect them before decoding the rest.
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'))
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes a subject that is not plain ASCII. */
function decodeHeader(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

interface Part {
  headers: Record<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

/** The leaves of a MIME message (nested multiparts flattened), each decoded. */
function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1]
  if (!boundary) return [{ headers: part.headers, body: decodeBody(part.body, (part.headers['content-transfer-encoding'] ?? '').toLowerCase()) }]
  return part.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r?\n/, ''))))
}

/** Reads one raw message into what a test looks at. */
export function readMail(raw: string, to: string[]): ReceivedMail {
  const message = splitPart(raw)
  const parts = leaves(message)
  const of = (type: string) => parts.find((part) => (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))?.body ?? ''
  return { to, subject: decodeHeader(message.headers.subject ?? ''), text: of('text/plain'), html: of('text/html') }
}

/** The first http(s) link in a mail's plain text. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`no link in the mail: ${mail.text}`)
  return link
}

/**
 * A real SMTP server on a free local port that keeps what it receives (no TLS, no login: the
 * app's `SMTP_URL` is `smtp://127.0.0.1:<port>`). `onMail` sees each message as it arrives.
 */
export async function startSmtpInbox(onMail: (mail: ReceivedMail, raw: string) => void = () => undefined, port = 0) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const mail = readMail(
          raw,
          session.envelope.rcptTo.map((recipient) => recipient.address),
        )
        received.push(mail)
        onMail(mail, raw)
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** The mails sent to `email` so far, oldest first. */
    mailsTo: (email: string) => received.filter((mail) => mail.to.includes(email)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
