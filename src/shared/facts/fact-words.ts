import type { Language } from '../limits.ts'

/**
 * The verbs that make a sentence say a fact, per language, written folded (lower case, no
 * accents). `person` is whom the verb form itself names: 1 the teller ("nací", "je suis née"),
 * 3 someone else ("nació", "elle est née"), 0 either ("vivía", "was born": the subject decides).
 */
export type Event = 'birth' | 'death' | 'marriage' | 'residence' | 'occupation' | 'nickname'
export interface Trigger {
  event: Event
  pattern: string
  person: 0 | 1 | 3
}

const t = (event: Event, person: 0 | 1 | 3, ...patterns: string[]): Trigger[] => patterns.map((pattern) => ({ event, pattern, person }))

export const triggers: Record<Language, Trigger[]> = {
  es: [
    ...t('birth', 3, 'nacio'),
    ...t('birth', 1, 'naci'),
    ...t('birth', 0, 'nacida', 'nacido'),
    ...t('death', 3, 'murio', 'se murio', 'fallecio'),
    ...t('marriage', 3, 'se caso con', 'se casaron'),
    ...t('marriage', 1, 'me case con', 'nos casamos'),
    ...t('residence', 0, 'vivia'),
    ...t('residence', 3, 'vivio', 'vive'),
    ...t('residence', 1, 'vivi', 'vivo'),
    ...t('occupation', 0, 'trabajaba de', 'trabajaba como', 'trabajo de', 'trabajo como'),
    ...t('occupation', 3, 'se dedicaba a', 'se dedica a'),
    ...t('occupation', 1, 'me dedicaba a', 'me dedico a'),
    ...t('nickname', 3, 'le decian', 'le dicen', 'le llamaban', 'la llamaban', 'lo llamaban', 'le apodaban', 'la apodaban', 'lo apodaban'),
    ...t('nickname', 1, 'me decian', 'me dicen', 'me llamaban', 'me apodaban'),
  ],
  en: [
    ...t('birth', 0, 'was born', 'were born', 'born'),
    ...t('death', 0, 'died', 'passed away'),
    ...t('marriage', 0, 'got married to', 'was married to', 'married', 'got married'),
    ...t('residence', 0, 'lived', 'lives', 'has lived', 'live'),
    ...t('occupation', 0, 'worked as', 'works as'),
    ...t('nickname', 3, 'called her', 'called him', 'was known as', 'was called', 'was nicknamed', 'is called', 'is known as'),
    ...t('nickname', 1, 'called me'),
  ],
  fr: [
    ...t('birth', 3, 'est nee', 'est ne', 'etait nee', 'etait ne', 'naquit'),
    ...t('birth', 1, 'suis nee', 'suis ne'),
    // A participle opening the sentence ("Née à Lyon, elle…"); "ne" is also the negation, which no place follows.
    ...t('birth', 0, 'nee', 'ne'),
    ...t('death', 3, 'est morte', 'est mort', 'est decedee', 'est decede', 'mourut', 'deceda'),
    ...t('marriage', 3, "s'est mariee avec", "s'est marie avec", "s'est mariee a", "s'est marie a", 'a epouse', 'epousa', 'se sont maries'),
    ...t('marriage', 1, 'me suis mariee avec', 'me suis marie avec', "j'ai epouse"),
    ...t('residence', 0, 'vivait', 'habitait', 'a vecu'),
    ...t('residence', 3, 'vit', 'habite'),
    ...t('occupation', 0, 'travaillait comme', 'travaille comme', 'travailla comme'),
    ...t('nickname', 3, "on l'appelait", "on l'appelle", "l'appelait", "l'appelaient", 'on la surnommait', 'on le surnommait', 'surnommee', 'surnomme'),
    ...t('nickname', 1, "on m'appelait", "on m'appelle"),
  ],
}

/** Words that may stand before the verb as its subject: the person the answer is about, by pronoun. */
export const subjectPronouns: Record<Language, { first: string[]; third: string[] }> = {
  es: { first: ['yo'], third: ['el', 'ella', 'a el', 'a ella'] },
  en: { first: ['i'], third: ['he', 'she', 'they'] },
  fr: { first: ['je', "j'"], third: ['il', 'elle'] },
}

/** Who may give a nickname: "todos le decían", "everyone called her", "tout le monde l'appelait". */
export const nicknameGivers = ['todos', 'todo el mundo', 'en la familia', 'en el pueblo', 'everyone', 'everybody', 'people', 'they', 'we', 'the family', 'tout le monde', 'tous']

/** Words that may come between the subject and the verb without changing whose fact it is. */
export const timeWords = [
  'luego',
  'despues',
  'mas tarde',
  'entonces',
  'tambien',
  'ya',
  'then',
  'later',
  'also',
  'afterwards',
  'puis',
  'ensuite',
  'plus tard',
  'aussi',
  'alors',
  'y',
  'and',
  'et',
  'pero',
  'but',
  'mais',
]

/** A clause ends (and the next one may have another subject) at these. */
export const clauseBreak = /[,;:()]|\s(?:y|e|pero|aunque|mientras|and|but|while|et|mais|tandis)\s/g

/** Relatives named with a possessive and a verb of naming: "su padre se llamaba Juan", "her father was called John". */
export const relativeWords: Record<
  Language,
  { possessive: { first: string[]; third: string[] }; naming: string[]; kinds: Record<'parent' | 'sibling' | 'child' | 'spouse', string[]> }
> = {
  es: {
    possessive: { first: ['mi', 'mis'], third: ['su', 'sus'] },
    naming: ['se llamaba', 'se llama', 'era', 'es'],
    kinds: {
      parent: ['padre', 'madre', 'papa', 'mama'],
      sibling: ['hermano', 'hermana'],
      child: ['hijo', 'hija'],
      spouse: ['esposo', 'esposa', 'marido', 'mujer'],
    },
  },
  en: {
    possessive: { first: ['my'], third: ['his', 'her', 'their'] },
    naming: ["'s name was", "'s name is", 'was called', 'was named', 'is called', 'is named', 'was', 'is'],
    kinds: {
      parent: ['father', 'mother', 'dad', 'mom', 'mum'],
      sibling: ['brother', 'sister'],
      child: ['son', 'daughter'],
      spouse: ['husband', 'wife'],
    },
  },
  fr: {
    possessive: { first: ['mon', 'ma'], third: ['son', 'sa'] },
    naming: ["s'appelait", "s'appelle", 'se nommait', 'etait'],
    kinds: {
      parent: ['pere', 'mere', 'papa', 'maman'],
      sibling: ['frere', 'soeur', 'sœur'],
      child: ['fils', 'fille'],
      spouse: ['mari', 'femme', 'epoux', 'epouse'],
    },
  },
}

/** Sentence openings that name the person asked about ("Se llamaba Luis"). */
export const nameOpenings: Record<Language, string[]> = {
  es: ['se llamaba', 'se llama', 'su nombre era', 'su nombre es'],
  en: ['his name was', 'her name was', 'their name was', 'his name is', 'her name is', 'their name is'],
  fr: ["il s'appelait", "elle s'appelait", "il s'appelle", "elle s'appelle"],
}

/** Openings of a one-line answer about a trade: "Era costurera", "She was a tailor", "Elle était couturière". */
export const tradeOpenings: Record<Language, string[]> = {
  es: ['era', 'fue', 'es', 'trabajaba de', 'trabajaba como'],
  en: ['she was a', 'he was a', 'they were a', 'she was an', 'he was an', 'was a', 'was an', 'a', 'an'],
  fr: ['elle etait', 'il etait', 'etait', 'elle est', 'il est'],
}

export const articles = ['un', 'una', 'a', 'an', 'une', 'le', 'la', "l'", 'el']

/** Words that end a trade, or show the words are no trade at all ("era muy alegre"). */
export const tradeStops = new Set([
  'muy',
  'tan',
  'bastante',
  'very',
  'so',
  'really',
  'tres',
  'si',
  'en',
  'in',
  'at',
  'a',
  'y',
  'e',
  'and',
  'et',
  'pero',
  'but',
  'mais',
  'para',
  'por',
  'for',
  'pour',
  'con',
  'with',
  'avec',
  'chez',
  'desde',
  'hasta',
  'since',
  'until',
  'depuis',
  'dans',
  'que',
  'who',
  'qui',
  'cuando',
  'when',
  'quand',
  'toda',
  'todo',
  'whole',
  'all',
  'toute',
  'tout',
  'buena',
  'bueno',
  'good',
  'bonne',
  'bon',
  'feliz',
  'happy',
  'heureuse',
  'heureux',
  'alegre',
  // Sayings about how hard someone worked, not at what: «de sol a sol», «como loca», "like a dog".
  'sol',
  'loca',
  'loco',
  'burro',
  'mula',
  'siempre',
  'nunca',
  'mucho',
  'duro',
  'hard',
  'like',
])

/** Sure or thinking words that may open an answer before the fact: «Sí, en Pasto», "Well, in Lyon". */
export const answerOpenings = /^(?:s[ií]|yes|oui|pues|bueno|well|so|eh|ah|claro|bon|ben|eh bien)(?![\p{L}])[,\s]*/iu

/** Words of doubt: a sentence with one states nothing for sure («o quizá en Pasto», "I think", «peut-être»). */
export const doubt =
  /(?<![\p{L}'])(?:quiza|quizas|tal vez|creo|creia|no se|no estoy segur[ao]|a lo mejor|puede que|supongo|o|maybe|perhaps|i think|i believe|not sure|might|or|probably|peut-etre|je crois|je pense|pas sur|pas sure|ou bien|probablement)(?![\p{L}])/u
