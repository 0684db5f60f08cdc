import type { Language } from '../../../shared/limits.ts'
import { escapeHtml } from '../../lib/escape-html.ts'

/** The page's few words, in the link's language (or, when no link answers, the visitor's). */
const words: Record<Language, { kept: string; fallback: string; gone: string; goneText: string }> = {
  es: {
    kept: 'Una grabación guardada por la familia en Legado.',
    fallback: 'Este navegador no puede reproducirla aquí: descargar la grabación.',
    gone: 'Esta grabación no está disponible',
    goneText: 'Puede que el enlace haya caducado o que la familia lo haya retirado.',
  },
  en: {
    kept: 'A recording kept by the family in Legado.',
    fallback: 'This browser cannot play it here: download the recording.',
    gone: 'This recording is not available',
    goneText: 'The link may have expired, or the family may have withdrawn it.',
  },
  fr: {
    kept: 'Un enregistrement gardé par la famille dans Legado.',
    fallback: 'Ce navigateur ne peut pas le lire ici : télécharger l’enregistrement.',
    gone: 'Cet enregistrement n’est pas disponible',
    goneText: 'Le lien a peut-être expiré, ou la famille l’a retiré.',
  },
}

// Inline, and nothing else loaded: the page is read on a phone that scanned a book, often on a
// slow connection. System fonts, 20 px text, a player as wide as the screen, contrast above 12:1.
const styles = `
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; background: #f7f1e6; color: #2b211b; font: 1.25rem/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
main { width: 100%; max-width: 36rem; margin: 0 auto; padding: 2rem 1.25rem; box-sizing: border-box; }
h1 { font: 600 1.9rem/1.25 Georgia, 'Times New Roman', serif; margin: 0 0 1.5rem; overflow-wrap: anywhere; }
audio, video { display: block; width: 100%; min-height: 3.5rem; margin: 0 0 1.5rem; border-radius: 8px; }
video { max-height: 70vh; background: #000; }
p { margin: 0; color: #5a4a3f; }
a { color: #7c3a21; }
@media (prefers-color-scheme: dark) { body { background: #1d1713; color: #f3ebe0; } p { color: #d9cbbb; } a { color: #f0a07e; } }
`

function page(language: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** The listening page: the recording's title, its player, one line saying where it is kept; nothing about the family. */
export function listeningPage(language: Language, recording: { title: string; contentType: string }, audioPath: string): string {
  const text = words[language]
  const player = recording.contentType.startsWith('video/') ? 'video' : 'audio'
  const extra = player === 'video' ? ' playsinline' : ''
  const title = recording.title || text.kept
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<${player} controls preload="metadata"${extra} src="${escapeHtml(audioPath)}"><a href="${escapeHtml(audioPath)}">${escapeHtml(text.fallback)}</a></${player}>
<p>${escapeHtml(text.kept)}</p>`,
  )
}

/** The one answer for a token that opens nothing (unknown, revoked or past its end), in the visitor's language. */
export function goneListeningPage(language: Language): string {
  const text = words[language]
  return page(language, text.gone, `<h1>${escapeHtml(text.gone)}</h1>\n<p>${escapeHtml(text.goneText)}</p>`)
}
