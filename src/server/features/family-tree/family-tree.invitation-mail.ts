import type { TreeRole } from '../../../shared/family-tree/roles.ts'
import type { Language } from '../../../shared/limits.ts'
import type { MailMessage } from '../../integrations/mail/mailer.ts'
import { escapeHtml } from '../../lib/escape-html.ts'

interface Texts {
  subject: (invitedBy: string) => string
  greeting: string
  body: (invitedBy: string, treeName: string) => string
  asMember: (memberName: string) => string
  roles: Record<TreeRole, string>
  action: string
  expiry: (date: string) => string
  notExpected: string
  locale: string
}

const texts: Record<Language, Texts> = {
  es: {
    subject: (invitedBy) => `${invitedBy} te invita a su árbol familiar en Legado`,
    greeting: 'Hola:',
    body: (invitedBy, treeName) => `${invitedBy} te invita a «${treeName}», el árbol de vuestra familia en Legado, donde guardáis juntos vuestras historias.`,
    asMember: (memberName) => `En el árbol eres ${memberName}.`,
    roles: {
      owner: 'Podrás cuidar del árbol entero.',
      editor: 'Podrás añadir y corregir personas, fotos, grabaciones y entrevistas.',
      contributor: 'Podrás añadir recuerdos, fotos, grabaciones y entrevistas sobre la familia.',
      viewer: 'Podrás ver el árbol y escuchar sus historias.',
    },
    action: 'Abrir la invitación',
    expiry: (date) => `El enlace sirve una sola vez, hasta el ${date}.`,
    notExpected: 'Si no conoces a quien te invita, no hagas nada.',
    locale: 'es',
  },
  en: {
    subject: (invitedBy) => `${invitedBy} invites you to their family tree on Legado`,
    greeting: 'Hello,',
    body: (invitedBy, treeName) => `${invitedBy} invites you to “${treeName}”, your family’s tree on Legado, where you keep your stories together.`,
    asMember: (memberName) => `In the tree you are ${memberName}.`,
    roles: {
      owner: 'You will look after the whole tree.',
      editor: 'You will be able to add and correct people, photos, recordings and interviews.',
      contributor: 'You will be able to add memories, photos, recordings and interviews about the family.',
      viewer: 'You will be able to see the tree and listen to its stories.',
    },
    action: 'Open the invitation',
    expiry: (date) => `The link works once, until ${date}.`,
    notExpected: 'If you do not know who is inviting you, do nothing.',
    locale: 'en',
  },
  fr: {
    subject: (invitedBy) => `${invitedBy} vous invite dans son arbre familial sur Legado`,
    greeting: 'Bonjour,',
    body: (invitedBy, treeName) => `${invitedBy} vous invite dans « ${treeName} », l’arbre de votre famille sur Legado, où vous gardez ensemble vos histoires.`,
    asMember: (memberName) => `Dans l’arbre, vous êtes ${memberName}.`,
    roles: {
      owner: 'Vous prendrez soin de tout l’arbre.',
      editor: 'Vous pourrez ajouter et corriger des personnes, des photos, des enregistrements et des entretiens.',
      contributor: 'Vous pourrez ajouter des souvenirs, des photos, des enregistrements et des entretiens sur la famille.',
      viewer: 'Vous pourrez voir l’arbre et écouter ses histoires.',
    },
    action: 'Ouvrir l’invitation',
    expiry: (date) => `Le lien ne sert qu’une fois, jusqu’au ${date}.`,
    notExpected: 'Si vous ne connaissez pas la personne qui vous invite, ne faites rien.',
    locale: 'fr',
  },
}

/** The invitation e-mail in the invited person's language: plain text, and the same words as simple HTML. */
export function invitationMessage(
  language: Language,
  input: { to: string; invitedBy: string; treeName: string; role: TreeRole; memberName: string | null; link: string; expiresAt: string },
): MailMessage {
  const words = texts[language]
  const date = new Intl.DateTimeFormat(words.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(input.expiresAt))
  const lines = [words.body(input.invitedBy, input.treeName), ...(input.memberName ? [words.asMember(input.memberName)] : []), words.roles[input.role]]
  const text = [words.greeting, '', ...lines, '', input.link, '', words.expiry(date), words.notExpected, '', 'Legado'].join('\n')
  const html = [
    `<p>${escapeHtml(words.greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.link)}" style="font-size:1.2em">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(words.expiry(date))}<br>${escapeHtml(words.notExpected)}</p>`,
    '<p>Legado</p>',
  ].join('\n')
  return { to: input.to, subject: words.subject(input.invitedBy), text, html }
}
