import type { Language } from '../../../../shared/limits.ts'
import type { AnaAncestorTheme } from './ana-ancestor-bank.ts'
import type { Tensed } from './guided-interviewer.ts'

// What Ana says around the questions of ana-ancestor-bank.ts; its acknowledgements are the first bank's.

/** The greeting says which conversation this is: about {name} through what the family tells. */
export const anaAncestorGreetings: Record<Language, Tensed> = {
  es: 'Hola, soy Ana. Hablaremos de {name} a través de lo que se cuenta en la familia: las historias que llegaron hasta ti, lo que se conserva y lo que se sabe de su vida, aunque no hayas llegado a conocer a {name}. Te haré una pregunta a la vez; si prefieres no responder alguna, escribe «otra» o «siguiente».',
  en: 'Hello, I’m Ana. We will talk about {name} through what the family tells: the stories that reached you, what is kept and what is known of their life, even if you never got to meet {name}. I will ask one question at a time; if you would rather skip one, just write “next” or “skip”.',
  fr: 'Bonjour, je suis Ana. Nous allons parler de {name} à travers ce que raconte la famille : les histoires qui vous sont parvenues, ce qui a été conservé et ce que l’on sait de sa vie, même si vous n’avez pas connu {name}. Je vous poserai une question à la fois ; si vous préférez en passer une, écrivez « suivante » ou « passer ».',
}

/** After the person said they never met {name}: what the conversation becomes. */
export const anaAncestorBridges: Record<Language, Tensed> = {
  es: 'Entiendo. Entonces hablaremos de {name} a través de lo que se cuenta en la familia y de lo que se conserva.',
  en: 'I understand. Then we will talk about {name} through what the family tells and what is kept.',
  fr: 'Je comprends. Nous parlerons donc de {name} à travers ce que raconte la famille et ce qui a été conservé.',
}

export const anaAncestorWelcomeBacks: Record<Language, Tensed> = {
  es: 'Hola de nuevo. Sigamos con lo que se cuenta de {name} donde lo dejamos; si prefieres saltar una pregunta, escribe «otra».',
  en: 'Welcome back. Let’s go on with what is told of {name} where we left off; to skip a question, just write “next”.',
  fr: 'Bon retour. Continuons avec ce que l’on raconte de {name}, là où nous nous étions arrêtés ; pour passer une question, écrivez « suivante ».',
}

export const anaAncestorThemeIntroductions: Record<AnaAncestorTheme, Record<Language, Tensed>> = {
  told: {
    es: 'Empecemos por cómo llegó {name} hasta ti: quién te habló de su vida y qué se contaba.',
    en: 'Let’s begin with how {name} reached you: who told you about their life, and what was said.',
    fr: 'Commençons par ce qui vous est parvenu de {name} : qui vous en a parlé, et ce qu’on en racontait.',
  },
  keepsakes: {
    es: 'Pensemos en lo que se conserva de {name}: objetos, fotos, papeles.',
    en: 'Let’s think about what is kept of {name}: objects, photos, papers.',
    fr: 'Pensons à ce qui reste de {name} : objets, photos, papiers.',
  },
  roots: {
    es: 'Vamos ahora a las raíces de {name}: su familia, su tierra, su infancia.',
    en: 'Now to {name}’s roots: their family, their homeland, their childhood.',
    fr: 'Passons aux racines de {name} : sa famille, sa terre, son enfance.',
  },
  character: {
    es: 'Pensemos ahora en cómo dicen que era {name}: su carácter, sus gustos, sus frases.',
    en: 'Now let’s think about what {name} was like, as it is told: their character, tastes and sayings.',
    fr: 'Pensons maintenant au caractère de {name}, tel qu’on le raconte : ses goûts, ses expressions.',
  },
  work: {
    es: 'Hablemos del trabajo de {name} y de cómo se ganaba la vida.',
    en: 'Let’s talk about {name}’s work and how they made a living.',
    fr: 'Parlons du travail de {name} et de sa façon de gagner sa vie.',
  },
  places: {
    es: 'Sigamos los pasos de {name}: sus lugares, sus viajes, sus mudanzas.',
    en: 'Let’s follow {name}’s footsteps: their places, journeys and moves.',
    fr: 'Suivons les pas de {name} : ses lieux, ses voyages, ses déménagements.',
  },
  love: {
    es: 'Hablemos ahora de los amores de {name} y de la familia que formó, tal como se cuenta.',
    en: 'Now let’s talk about {name}’s loves and the family they made, as it is told.',
    fr: 'Parlons maintenant des amours de {name} et de sa famille, telles qu’on les raconte.',
  },
  hardTimes: {
    es: 'Ahora, si te parece bien, hablaremos de algunos momentos difíciles que se cuentan de la vida de {name}; puedes saltar cualquier pregunta.',
    en: 'Now, if you feel up to it, we will touch on some hard times told of {name}’s life; you can skip any question.',
    fr: 'Maintenant, si vous le voulez bien, nous évoquerons quelques moments difficiles que l’on raconte de la vie de {name} ; vous pouvez passer n’importe quelle question.',
  },
  legacy: {
    es: { living: 'Para terminar, pensemos en lo que {name} deja en la familia.', deceased: 'Para terminar, pensemos en lo que {name} dejó en la familia, hasta hoy.' },
    en: { living: 'To finish, let’s think about what {name} passes on to the family.', deceased: 'To finish, let’s think about what {name} left the family, down to today.' },
    fr: { living: 'Pour finir, pensons à ce que {name} transmet à la famille.', deceased: 'Pour finir, pensons à ce que {name} a laissé à la famille, jusqu’à aujourd’hui.' },
  },
}

/** Themes whose answers get the gentle acknowledgements. */
export const anaAncestorGentleThemes: readonly AnaAncestorTheme[] = ['hardTimes']

export const anaAncestorClosings: Record<Language, Tensed> = {
  es: 'Ya te hice todas mis preguntas sobre {name}. Gracias por reunir lo que se cuenta en la familia; puedes seguir contándome de {name} lo que quieras, cuando quieras.',
  en: 'I have asked you all my questions about {name}. Thank you for gathering what the family tells; you can keep telling me about {name} whenever you like.',
  fr: 'Je vous ai posé toutes mes questions sur {name}. Merci d’avoir rassemblé ce que raconte la famille ; vous pouvez continuer à me parler de {name} quand vous le voulez.',
}
