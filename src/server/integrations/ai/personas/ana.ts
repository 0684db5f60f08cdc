import type { RelationToReader } from '../../../../shared/contracts/family-tree.ts'
import { kinshipWord } from '../../../../shared/family-tree/kinship-words.ts'
import type { ParentKind } from '../../../../shared/family-tree/parent-kinds.ts'
import { formatStoredDateInSentence, type StoredGenealogyDate } from '../../../../shared/genealogy-date/index.ts'
import type { FactGap } from '../../../../shared/facts/index.ts'
import type { Language } from '../../../../shared/limits.ts'
import type { Persona } from '../ai-provider.ts'
import { acquaintanceOf, type StorytellerFacts } from './acquaintance.ts'
import { withSubject } from './persona-template.ts'
import { stillUnknown } from './still-unknown.ts'

const noBlocks = (['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT'] as const).map((category) => ({
  category,
  threshold: 'BLOCK_NONE' as const,
}))

/**
 * Ana, who interviews the person about a relative (docs/product.md#personas: temperature 0.8, topK 1, topP
 * 0.95, 1024 tokens, every safety block off: family memories may speak of war, illness or death).
 * `{member}` is the relative's first name and `{details}` what the tree knows of them (`anaAbout`).
 */
export const ana: Persona = {
  name: 'Ana',
  systemInstruction: {
    es: 'Eres Ana, una entrevistadora cálida y curiosa que ayuda a una persona a recordar y contar la vida de su familiar {member}. Haz una sola pregunta a la vez, breve y concreta, sobre cómo era {member}, sus lugares, su trabajo, sus costumbres, sus frases y lo que la persona vivió a su lado. Reconoce con una frase sencilla lo que te cuentan antes de preguntar algo nuevo. No inventes hechos. Responde siempre en español, con un tono cercano y respetuoso. {details}',
    en: 'You are Ana, a warm and curious interviewer who helps a person remember and tell the life of their relative {member}. Ask one short, concrete question at a time about what {member} was like, their places, work, habits, sayings and what the person lived through with them. Acknowledge what they tell you in one simple sentence before asking something new. Do not invent facts. Always answer in English, in a kind and respectful tone. {details}',
    fr: "Tu es Ana, une intervieweuse chaleureuse et curieuse qui aide une personne à se souvenir de la vie de son proche {member} et à la raconter. Pose une seule question à la fois, courte et concrète, sur la personnalité de {member}, ses lieux, son travail, ses habitudes, ses expressions et ce que la personne a vécu à ses côtés. Reconnais en une phrase simple ce qu'on te raconte avant de poser une nouvelle question. N'invente pas de faits. Réponds toujours en français et vouvoie la personne, avec un ton proche et respectueux. {details}",
  },
  greeting: {
    es: 'Hola, soy Ana. Me encantaría conocer a {member} a través de tus recuerdos. ¿Cómo describirías a {member} a alguien que no le conoció?',
    en: 'Hello, I am Ana. I would love to get to know {member} through your memories. How would you describe {member} to someone who never met them?',
    fr: "Bonjour, je suis Ana. J'aimerais beaucoup connaître {member} à travers vos souvenirs. Comment décririez-vous {member} à quelqu'un qui ne l'a jamais rencontré ?",
  },
  welcomeBack: {
    es: 'Hola de nuevo. Sigamos recordando a {member} donde lo dejamos.',
    en: 'Welcome back. Let’s go on remembering {member} where we left off.',
    fr: 'Bon retour. Continuons à évoquer {member} là où nous nous étions arrêtés.',
  },
  generation: { temperature: 0.8, topK: 1, topP: 0.95, maxOutputTokens: 1024 },
  safety: noBlocks,
}

/** Ana's greeting when the tree tells the person never met {member}: no memory of their own is asked for. */
const neverMetGreeting: Record<Language, string> = {
  es: 'Hola, soy Ana. Aunque no hayas llegado a conocer a {member}, su historia sigue viva en lo que se cuenta en la familia. ¿Qué historias se contaban de {member}?',
  en: 'Hello, I am Ana. Even if you never got to meet {member}, their story lives on in what the family tells. What stories were told about {member}?',
  fr: "Bonjour, je suis Ana. Même si vous n'avez pas connu {member}, son histoire vit encore dans ce que raconte la famille. Quelles histoires racontait-on sur {member} ?",
}

/** What the family tree knows of the relative Ana asks about, and of the people around them. */
export interface RelativeFacts {
  firstName: string
  lastName: string
  /** The keeper's word for the relative ("Padre"): how they stand to whoever keeps the tree. */
  relationshipToOwner: string
  /** The keeper's own card: their word for it says "me". */
  isSelf?: boolean
  /** 'Masculino', 'Femenino' or another: the word for the relation follows it. */
  gender?: string
  /** Present when someone other than the keeper is talking: how the relative stands to them, if the tree tells. */
  relationToReader?: RelationToReader | undefined
  birthDate: StoredGenealogyDate | null
  deathDate: StoredGenealogyDate | null
  birthPlace: string
  deathPlace: string
  isDeceased: boolean
  bioSummary: string
  /** Parents (with how the relative is their child), partners and children, as the tree links them. */
  relatives: readonly { firstName: string; lastName: string; relation: 'parent' | 'partner' | 'child'; kind: ParentKind | null }[]
  /** How the relative stands to the person talking, when the tree has a card for that person. */
  storyteller?: StorytellerFacts | undefined
}

interface Labels {
  intro: string
  relationship: string
  /** The relative is the person talking (a card linked to their account). */
  isTeller: string
  /** The keeper's word, said as the keeper's, when the tree cannot tell how the relative stands to the person talking. */
  keepersWord(word: string, keeper: string): string
  /** The relative is the keeper, and the tree cannot tell how they stand to the person talking. */
  isKeeper(keeper: string): string
  born: string
  died: string
  /** Before a place: "en Pasto", "in Pasto", "à Pasto". */
  at: string
  deceased: string
  bio: string
  pastTense: string
  /** Said to the model when the tree tells the person never met the relative. */
  neverMet: string
  relations: Record<'parent' | 'partner' | 'child', string>
  kinds: Record<Exclude<ParentKind, 'birth'>, string>
}

const labels: Record<Language, Labels> = {
  es: {
    intro: 'Lo que se sabe de',
    relationship: 'parentesco con quien te habla',
    isTeller: 'es la misma persona que te habla, que cuenta su propia vida',
    keepersWord: (word, keeper) => `parentesco con quien te habla: no consta en el árbol; es ${word} de ${keeper || 'alguien de la familia'}, quien guarda el árbol`,
    isKeeper: (keeper) => `parentesco con quien te habla: no consta en el árbol; es ${keeper ? `${keeper}, ` : ''}quien guarda el árbol`,
    born: 'nació',
    died: 'falleció',
    at: 'en',
    deceased: 'ya falleció',
    bio: 'resumen',
    pastTense: 'Como ya falleció, habla de su vida en pasado y con delicadeza.',
    neverMet:
      'Quien te habla no llegó a conocer a esta persona: no le pidas recuerdos propios; pregunta por lo que se cuenta en la familia, lo que se conserva (objetos, fotos, papeles), sus orígenes, oficios, lugares y migraciones, y lo que la familia aún hace gracias a ella.',
    relations: { parent: 'padres', partner: 'pareja', child: 'hijos' },
    kinds: { adopted: 'por adopción', step: 'por afinidad', foster: 'de acogida', sealing: 'por sellamiento', other: 'otro vínculo' },
  },
  en: {
    intro: 'What is known about',
    relationship: 'relationship to the person talking to you',
    isTeller: 'this is the person talking to you, telling their own life',
    keepersWord: (word, keeper) => `relationship to the person talking to you: not in the tree; ${word} of ${keeper || 'someone in the family'}, who keeps the tree`,
    isKeeper: (keeper) => `relationship to the person talking to you: not in the tree; ${keeper ? `${keeper}, ` : ''}who keeps the tree`,
    born: 'born',
    died: 'died',
    at: 'in',
    deceased: 'has passed away',
    bio: 'summary',
    pastTense: 'As they have passed away, speak of their life in the past tense, gently.',
    neverMet:
      'The person talking to you never met them: do not ask for memories of their own; ask about what the family tells, what is kept (objects, photos, papers), their origins, trades, places and migrations, and what the family still does because of them.',
    relations: { parent: 'parents', partner: 'partners', child: 'children' },
    kinds: { adopted: 'by adoption', step: 'step', foster: 'foster', sealing: 'by sealing', other: 'another bond' },
  },
  fr: {
    intro: 'Ce que l’on sait de',
    relationship: 'lien avec la personne qui vous parle',
    isTeller: 'c’est la personne qui te parle, qui raconte sa propre vie',
    keepersWord: (word, keeper) => `lien avec la personne qui vous parle : absent de l’arbre ; ${word} de ${keeper || 'quelqu’un de la famille'}, qui tient l’arbre`,
    isKeeper: (keeper) => `lien avec la personne qui vous parle : absent de l’arbre ; ${keeper ? `${keeper}, ` : ''}qui tient l’arbre`,
    born: 'né·e',
    died: 'décédé·e',
    at: 'à',
    deceased: 'est décédé·e',
    bio: 'résumé',
    pastTense: 'Comme cette personne est décédée, parle de sa vie au passé, avec délicatesse.',
    neverMet:
      'La personne qui te parle ne l’a pas connue : ne lui demande pas de souvenirs personnels ; interroge-la sur ce que raconte la famille, ce qui a été conservé (objets, photos, papiers), ses origines, ses métiers, ses lieux et ses migrations, et ce que la famille fait encore grâce à elle.',
    relations: { parent: 'parents', partner: 'conjoints', child: 'enfants' },
    kinds: { adopted: 'par adoption', step: 'par alliance', foster: 'd’accueil', sealing: 'par scellement', other: 'autre lien' },
  },
}

/** "nació hacia 1920 en Pasto", "born in Pasto", or '' when neither is known; never a day the tree does not hold. */
function lifeEvent(verb: string, date: StoredGenealogyDate | null, place: string, l: Labels, language: Language): string {
  const when = formatStoredDateInSentence(date, language)
  const where = place.trim() ? `${l.at} ${place.trim().replace(/\s+/g, ' ')}` : ''
  return when || where ? [verb, when, where].filter(Boolean).join(' ') : ''
}

function relativesText(relative: RelativeFacts, l: Labels): string[] {
  return (['parent', 'partner', 'child'] as const).flatMap((relation) => {
    const names = relative.relatives
      .filter((other) => other.relation === relation)
      .map((other) => {
        const name = `${other.firstName} ${other.lastName}`.trim()
        return other.kind && other.kind !== 'birth' ? `${name} (${l.kinds[other.kind]})` : name
      })
      .filter(Boolean)
    return names.length > 0 ? [`${l.relations[relation]}: ${names.join(', ')}`] : []
  })
}

/** Said inside a sentence: "Padre" becomes "padre" (a name such as "Tía Carmen" keeps its capitals after the first). */
const inSentence = (word: string) => word.charAt(0).toLocaleLowerCase() + word.slice(1)

/**
 * How the relative stands to the person talking: the keeper's word in the keeper's own
 * conversations; to anyone else the relation the tree tells from their own card, or, when it
 * cannot tell, the keeper's word said as the keeper's, never passed off as theirs.
 */
function relationText(relative: RelativeFacts, l: Labels, language: Language): string {
  const reader = relative.relationToReader
  const word = relative.relationshipToOwner.trim()
  if (!reader) return word && `${l.relationship}: ${word}`
  if (reader.kinship?.relation === 'self') return l.isTeller
  if (reader.kinship) return `${l.relationship}: ${kinshipWord(reader.kinship, relative.gender ?? '', language)}`
  if (relative.isSelf === true) return l.isKeeper(reader.keeperName)
  return word && l.keepersWord(inSentence(word), reader.keeperName)
}

/** The facts as one sentence per language, leaving out what is not known. */
function details(relative: RelativeFacts, language: Language, hasNeverMet: boolean, unknown: readonly FactGap[]): string {
  const l = labels[language]
  const death = lifeEvent(l.died, relative.deathDate, relative.deathPlace, l, language)
  const facts = [
    relationText(relative, l, language),
    lifeEvent(l.born, relative.birthDate, relative.birthPlace, l, language),
    relative.isDeceased && (death || l.deceased),
    ...relativesText(relative, l),
    relative.bioSummary.trim() && `${l.bio}: ${relative.bioSummary.trim().replace(/\s+/g, ' ')}`,
  ].filter(Boolean)
  const name = `${relative.firstName} ${relative.lastName}`.trim()
  return [
    `${l.intro} ${name}: ${facts.length > 0 ? facts.join('; ') : '—'}.`,
    relative.isDeceased ? l.pastTense : '',
    hasNeverMet ? l.neverMet : '',
    stillUnknown(unknown, language, relative.firstName),
  ]
    .filter(Boolean)
    .join(' ')
}

/**
 * Ana speaking about this relative: their name in her words, their facts in her instruction,
 * whether the person knew them (`acquaintanceOf`), which decides what she asks, and what is still
 * unknown about them (`unknownAbout`), which she asks about when the conversation allows.
 */
export function anaAbout(relative: RelativeFacts, unknown: readonly FactGap[] = []): Persona {
  const acquaintance = acquaintanceOf(relative, relative.storyteller)
  const neverMet = acquaintance === 'neverMet'
  const values = (language: Language) => ({ member: relative.firstName, details: details(relative, language, neverMet, unknown) })
  const subject = {
    name: relative.firstName,
    isDeceased: relative.isDeceased,
    ...(acquaintance ? { acquaintance } : {}),
    ...(unknown.length > 0 ? { unknown } : {}),
  }
  return withSubject(neverMet ? { ...ana, greeting: neverMetGreeting } : ana, subject, { es: values('es'), en: values('en'), fr: values('fr') })
}
