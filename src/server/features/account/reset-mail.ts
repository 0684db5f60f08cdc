import { defaultLanguage, isLanguage, type Language } from '../../../shared/limits.ts'
import type { MailMessage, Mailer } from '../../integrations/mail/mailer.ts'
import { resetLinkLifetimeSeconds, type ResetTokenOwner } from './account.auth.ts'
import { resetLink } from './password-reset.service.ts'
import { escapeHtml } from '../../lib/escape-html.ts'

interface Texts {
  subject: string
  greeting: (name: string) => string
  body: string
  action: string
  expiry: (minutes: number) => string
  notYou: string
}

const texts: Record<Language, Texts> = {
  es: {
    subject: 'Cambia tu contraseña de Legado',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: 'Alguien, seguramente tú, ha pedido cambiar la contraseña de tu cuenta de Legado. Para elegir una nueva, abre este enlace:',
    action: 'Elegir una contraseña nueva',
    expiry: (minutes) => `El enlace sirve una sola vez y durante ${minutes} minutos.`,
    notYou: 'Si no lo has pedido tú, no hagas nada: tu contraseña sigue siendo la misma.',
  },
  en: {
    subject: 'Change your Legado password',
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    body: 'Someone, most likely you, asked to change the password of your Legado account. To choose a new one, open this link:',
    action: 'Choose a new password',
    expiry: (minutes) => `The link works once, for ${minutes} minutes.`,
    notYou: 'If you did not ask for it, do nothing: your password stays as it is.',
  },
  fr: {
    subject: 'Changez votre mot de passe Legado',
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: 'Quelqu’un, sans doute vous, a demandé à changer le mot de passe de votre compte Legado. Pour en choisir un nouveau, ouvrez ce lien :',
    action: 'Choisir un nouveau mot de passe',
    expiry: (minutes) => `Le lien ne sert qu’une fois, pendant ${minutes} minutes.`,
    notYou: 'Si vous ne l’avez pas demandé, ne faites rien : votre mot de passe reste le même.',
  },
}

/** The reset e-mail in the person's language: plain text, and the same words as simple HTML. */
export function resetMessage(language: Language, { to, name, link }: { to: string; name: string; link: string }): MailMessage {
  const words = texts[language]
  const expiry = words.expiry(Math.round(resetLinkLifetimeSeconds / 60))
  const text = [words.greeting(name), '', words.body, '', link, '', expiry, words.notYou, '', 'Legado'].join('\n')
  const html = [
    `<p>${escapeHtml(words.greeting(name))}</p>`,
    `<p>${escapeHtml(words.body)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="font-size:1.2em">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(expiry)}<br>${escapeHtml(words.notYou)}</p>`,
    '<p>Legado</p>',
  ].join('\n')
  return { to, subject: words.subject, text, html }
}

/**
 * better-auth's hook for a new reset token that mails the link. The mail is not awaited: the
 * request would otherwise take longer when the e-mail has an account, which tells a stranger it
 * does. A mail that fails is logged; the person can ask again.
 */
export function mailResetLinks({ mailer, origin, logError }: { mailer: Mailer; origin: string; logError(error: unknown): void }) {
  return async (user: ResetTokenOwner, token: string): Promise<void> => {
    const language = isLanguage(user.preferredLanguage) ? user.preferredLanguage : defaultLanguage
    void mailer.send(resetMessage(language, { to: user.email, name: user.name, link: resetLink(origin, token) })).catch(logError)
  }
}
