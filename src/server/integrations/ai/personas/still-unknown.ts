import type { FactGap } from '../../../../shared/facts/index.ts'
import type { Language } from '../../../../shared/limits.ts'

/** How each gap is named to the model, as a bare noun phrase. */
const gapWords: Record<Language, Record<FactGap, string>> = {
  es: {
    birthPlace: 'el lugar de nacimiento',
    birthDate: 'la fecha de nacimiento',
    deathPlace: 'el lugar de fallecimiento',
    deathDate: 'la fecha de fallecimiento',
    marriageDate: 'la fecha de la boda',
    marriagePlace: 'el lugar de la boda',
    spouse: 'la pareja',
    parent: 'los padres',
    sibling: 'los hermanos',
    child: 'los hijos',
    occupation: 'el oficio',
    residence: 'los lugares donde vivió',
    nickname: 'el apodo',
    childhood: 'la infancia',
  },
  en: {
    birthPlace: 'place of birth',
    birthDate: 'date of birth',
    deathPlace: 'place of death',
    deathDate: 'date of death',
    marriageDate: 'wedding date',
    marriagePlace: 'wedding place',
    spouse: 'partner',
    parent: 'parents',
    sibling: 'siblings',
    child: 'children',
    occupation: 'trade',
    residence: 'homes',
    nickname: 'nickname',
    childhood: 'childhood',
  },
  fr: {
    birthPlace: 'le lieu de naissance',
    birthDate: 'la date de naissance',
    deathPlace: 'le lieu du décès',
    deathDate: 'la date du décès',
    marriageDate: 'la date du mariage',
    marriagePlace: 'le lieu du mariage',
    spouse: 'le conjoint ou la conjointe',
    parent: 'les parents',
    sibling: 'les frères et sœurs',
    child: 'les enfants',
    occupation: 'le métier',
    residence: 'les lieux de vie',
    nickname: 'le surnom',
    childhood: 'l’enfance',
  },
}

const and: Record<Language, string> = { es: 'y', en: 'and', fr: 'et' }

/** So many and no more: a long list would turn a conversation into a form. */
export const gapsNamed = 5

function list(words: string[], language: Language): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} ${and[language]} ${words.at(-1)!}` : words.join('')
}

/**
 * One gentle sentence for a persona's instruction: what is not yet known about `name` (or, with
 * no name, about the person talking, who tells their own life), the most wanted first, to ask
 * about only when the conversation allows. '' when nothing is unknown.
 */
export function stillUnknown(unknown: readonly FactGap[] | undefined, language: Language, name?: string): string {
  if (!unknown || unknown.length === 0) return ''
  const words = list(
    unknown.slice(0, gapsNamed).map((gap) => gapWords[language][gap]),
    language,
  )
  switch (language) {
    case 'es':
      return `Aún no se sabe ${name ? `de ${name}` : 'de su vida'}: ${words}; si la conversación lo permite, pregunta por ello con tacto, una cosa a la vez y sin insistir.`
    case 'en':
      return `Not yet known ${name ? `about ${name}` : 'about their life'}: ${words}; when the conversation allows, ask about it gently, one thing at a time, without insisting.`
    case 'fr':
      return `Ce que l’on ne sait pas encore ${name ? `sur ${name}` : 'de sa vie'} : ${words} ; si la conversation s’y prête, pose une question à ce sujet avec tact, une chose à la fois et sans insister.`
  }
}
